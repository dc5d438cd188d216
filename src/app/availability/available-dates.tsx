import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { BrowseSlot } from '#shared/api/availability.ts';
import { SLOT_SORT_VALUES } from '#shared/api/availability.paths.ts';
import { DATE_TYPE_LABELS, DATE_TYPES, displayName } from '#shared/domain/profile.ts';
import { SlotButton } from '#app/components/slot-lines.tsx';
import { OfflineStatus } from '#app/platform/offline-status.tsx';
import { Button } from '#app/platform/ui/button.tsx';
import { SelectField, TextField } from '#app/platform/ui/field.tsx';
import { Avatar, ScoreBadge } from '#app/platform/ui/member.tsx';
import { LoadFailed } from '#app/platform/ui/load-failed.tsx';
import { Spinner } from '#app/platform/ui/spinner.tsx';
import { BROWSE_FAILED, availabilityQueries, type SlotSearch } from './availability.api.ts';
import { slotDay, slotStart, slotTimes } from '#shared/domain/slot-when.ts';
import './availability.css';

export const NO_DATES = 'No available dates found - Try other dates or filters, or check back later.';

const SORT_LABELS: Record<SlotSearch['sortBy'], string> = { date: 'Soonest first', score: 'Highest score', distance: 'Nearest first' };

type TabFilter = 'dateType' | 'startDate' | 'endDate' | 'sortBy';

/** The Available Dates tab of /browse: bookable slots of members the viewer may see. */
export function AvailableDates({ search, onChange }: { search: SlotSearch; onChange: <K extends TabFilter>(key: K, value: SlotSearch[K]) => void }) {
  return (
    <div className="stack">
      <div className="card slot-filters" role="group" aria-label="Available date filters">
        <SelectField label="Date type" value={search.dateType} onChange={(e) => onChange('dateType', e.target.value as SlotSearch['dateType'])}>
          <option value="all">All types</option>
          {DATE_TYPES.map((type) => (
            <option key={type} value={type}>
              {DATE_TYPE_LABELS[type]}
            </option>
          ))}
        </SelectField>
        <TextField label="From" type="date" value={search.startDate} max={search.endDate || undefined} onChange={(e) => onChange('startDate', e.target.value)} />
        <TextField label="To" type="date" value={search.endDate} min={search.startDate || undefined} onChange={(e) => onChange('endDate', e.target.value)} />
        <SelectField label="Sort dates by" value={search.sortBy} onChange={(e) => onChange('sortBy', e.target.value as SlotSearch['sortBy'])}>
          {SLOT_SORT_VALUES.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </SelectField>
      </div>
      <SlotResults search={search} />
    </div>
  );
}

function SlotResults({ search }: { search: SlotSearch }) {
  const query = useInfiniteQuery({ ...availabilityQueries.browse(search), placeholderData: keepPreviousData });
  if (query.isPending) return <Spinner label="Loading available dates" />;
  if (query.isError && !query.data) return <LoadFailed title={BROWSE_FAILED} error={query.error} onRetry={() => void query.refetch()} />;
  const slots = query.data.pages.flatMap((page) => page.slots);
  return (
    <div className="stack" aria-busy={query.isPlaceholderData || undefined}>
      <OfflineStatus updatedAt={query.dataUpdatedAt} />
      {slots.length === 0 ? (
        <div className="empty-state">
          <p>{NO_DATES}</p>
        </div>
      ) : (
        <ul className="slot-cards">
          {slots.map((slot) => (
            <li key={slot._id}>
              <SlotCard slot={slot} />
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <div className="center">
          <Button onClick={() => void query.fetchNextPage()} busy={query.isFetchingNextPage}>
            Load more
          </Button>
        </div>
      )}
    </div>
  );
}

function SlotCard({ slot }: { slot: BrowseSlot }) {
  const name = displayName(slot.host);
  const headingId = `slot-${slot._id}`;
  const what = `${DATE_TYPE_LABELS[slot.dateType]} with ${name} on ${slotStart(slot)}`;
  return (
    <article className="card slot-card" aria-labelledby={headingId}>
      <div className="row slot-card-host">
        <Avatar name={name} photoUrl={slot.host.profile.photos[0]?.url} />
        <div className="stack-sm">
          <h3 id={headingId} className="slot-card-title">
            <Link to="/user/$userId" params={{ userId: slot.host._id }}>
              {name}
            </Link>
          </h3>
          <ScoreBadge score={slot.host.reliabilityScore.current} />
        </div>
      </div>
      <dl className="slot-facts">
        <div>
          <dt>Type</dt>
          <dd>{DATE_TYPE_LABELS[slot.dateType]}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{slotDay(slot.date)}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>{slotTimes(slot)}</dd>
        </div>
        <div>
          <dt>Venue</dt>
          <dd>{slot.venue}</dd>
        </div>
        {slot.distance !== null && (
          <div>
            <dt>Distance</dt>
            <dd>{slot.distance < 1 ? 'Under 1 km' : `${slot.distance} km`}</dd>
          </div>
        )}
      </dl>
      {slot.notes && <p className="muted">{slot.notes}</p>}
      <div>
        <SlotButton state={slot.slotBooking} hostId={slot.host._id} slotId={slot._id} what={what} />
      </div>
    </article>
  );
}
