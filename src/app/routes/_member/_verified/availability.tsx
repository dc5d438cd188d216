import { createFileRoute } from '@tanstack/react-router';
import { AvailabilityPage } from '#app/availability/availability-page.tsx';

export const Route = createFileRoute('/_member/_verified/availability')({ staticData: { heading: 'My Availability' }, component: AvailabilityPage });
