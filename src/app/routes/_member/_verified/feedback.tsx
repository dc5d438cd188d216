import { createFileRoute } from '@tanstack/react-router';
import { FeedbackPage } from '#app/support/feedback-page.tsx';

export const Route = createFileRoute('/_member/_verified/feedback')({ component: FeedbackPage });
