import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '#app/support/contact-page.tsx';

export const Route = createFileRoute('/_member/contact')({ component: ContactPage });
