// Loaded on demand by the visitor's forms (auth-calls.ts).
export { ForgotPasswordBodySchema, LOCATION_REQUIRED, LoginBodySchema, RegisterBodySchema } from '#shared/api/auth.ts';
export { authApi } from './auth.api.ts';
