import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FLAG_REPORTERS, FLAG_WINDOW_DAYS, REPORT_NOTE_MAX, REPORT_REASON_LABELS, type ReportAction } from '#shared/api/reports.paths.ts';
import { ResolveReportBodySchema, type AdminReport, type AdminReportDetail } from '#shared/api/reports.ts';
import { HttpError } from '#shared/http-error.ts';
import { dateFormat } from '#app/platform/date-format.ts';
import { messageOf, useFieldErrors } from '#app/platform/forms.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { Dialog } from '#app/platform/ui/dialog.tsx';
import { Alert, TextAreaField } from '#app/platform/ui/field.tsx';
import { LoadFailed } from '#app/platform/ui/load-failed.tsx';
import { Spinner } from '#app/platform/ui/spinner.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';
import { ADMIN_TEXTS, adminApi, adminKeys, adminQueries } from './admin.api.ts';

/** How a resolved report ended, as the queue and the detail show it. */
const REPORT_OUTCOME_LABELS: Record<ReportAction, string> = {
  dismiss: 'Dismissed',
  warn: 'Warned',
  remove_photo: 'Photo removed',
  ban: 'Banned',
};

const FLAGGED_TEXT = `Flagged: reported by ${FLAG_REPORTERS}+ members in the last ${FLAG_WINDOW_DAYS} days`;

type Person = { name: string } | null;
const nameOr = (person: Person, missing: string) => (person ? person.name || 'No name' : missing);
export const reportedName = (report: Pick<AdminReport, 'reported'>) => nameOr(report.reported, 'No name');
const reporterName = (report: Pick<AdminReport, 'reporter'>) => nameOr(report.reporter, 'Deleted member');

const when = dateFormat({ year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const day = dateFormat({ year: 'numeric', month: 'short', day: 'numeric' });
const reportTime = (iso: string) => when.format(new Date(iso));

function ReportStatusBadge({ report }: { report: Pick<AdminReport, 'status' | 'action'> }) {
  return report.status === 'open' ? (
    <span className="admin-status admin-status-open">Open</span>
  ) : (
    <span className="admin-status admin-status-active">Resolved{report.action ? `: ${REPORT_OUTCOME_LABELS[report.action]}` : ''}</span>
  );
}

/**
 * What a report is, as the queue's item and the detail both open with it: the flag (the server
 * flags open reports only), the reason and status, and who reported whom, when.
 */
export function ReportFacts({ report }: { report: AdminReport }) {
  return (
    <>
      {report.flagged && <p className="admin-report-flag">{FLAGGED_TEXT}</p>}
      <div className="admin-report-head">
        <strong>{REPORT_REASON_LABELS[report.reason]}</strong>
        <ReportStatusBadge report={report} />
      </div>
      <dl className="admin-report-facts">
        <div>
          <dt>Reported</dt>
          <dd>
            {reportedName(report)} <span className="admin-muted admin-link">{report.reported.email}</span>
            {report.reported.isBanned && <span className="admin-status admin-status-banned">Banned</span>}
          </dd>
        </div>
        <div>
          <dt>Reported by</dt>
          <dd>
            {reporterName(report)}
            {report.reporter && <span className="admin-muted admin-link"> {report.reporter.email}</span>}
          </dd>
        </div>
        <div>
          <dt>When</dt>
          <dd>
            <time dateTime={report.createdAt}>{reportTime(report.createdAt)}</time>
          </dd>
        </div>
      </dl>
    </>
  );
}

type Resolving = { action: ReportAction; photoId?: string } | null;

/** One report: who and what, the reported member's profile and photos, their dates and messages with the reporter, earlier reports, and the actions. */
export function ReportDetail({ id, onBack, onResolved }: { id: string; onBack: () => void; onResolved: () => void }) {
  const detail = useQuery(adminQueries.report(id));
  const [resolving, setResolving] = useState<Resolving>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // The queue gave way to the detail: a keyboard or screen reader user starts at its heading.
  useEffect(() => heading.current?.focus(), []);

  const data = detail.data;
  const loadError = detail.error instanceof HttpError && detail.error.status === 404 ? detail.error.message : ADMIN_TEXTS.loadReport;
  return (
    <section className="card stack admin-report-detail" aria-labelledby="admin-report-title">
      <div>
        <Button size="sm" variant="ghost" onClick={onBack}>
          <span aria-hidden="true">←</span> Back to reports
        </Button>
      </div>
      <h2 id="admin-report-title" ref={heading} tabIndex={-1}>
        {data ? `Report about ${reportedName(data.report)}` : 'Report'}
      </h2>
      {detail.isError && !data ? (
        <LoadFailed title={loadError} error={detail.error} onRetry={() => void detail.refetch()} />
      ) : !data ? (
        <Spinner label="Loading report" />
      ) : (
        <>
          <Summary report={data.report} />
          <Profile detail={data} onRemovePhoto={data.report.status === 'open' ? (photoId) => setResolving({ action: 'remove_photo', photoId }) : undefined} />
          <Dates detail={data} />
          <Messages detail={data} />
          <EarlierReports detail={data} />
          {data.report.status === 'open' && <Actions detail={data} onChoose={setResolving} />}
          <ResolveDialog detail={data} resolving={resolving} onClose={() => setResolving(null)} onResolved={onResolved} />
        </>
      )}
    </section>
  );
}

function Summary({ report }: { report: AdminReport }) {
  return (
    <div className="stack-sm">
      <ReportFacts report={report} />
      <div>
        <h3 className="admin-report-subhead">Details</h3>
        {report.details ? <p className="admin-report-text">{report.details}</p> : <p className="admin-muted">No details given</p>}
      </div>
      {report.status === 'resolved' && (
        <Alert tone="info">
          <strong>{report.action ? REPORT_OUTCOME_LABELS[report.action] : 'Resolved'}</strong>
          {report.resolvedAt && (
            <>
              {' '}
              on <time dateTime={report.resolvedAt}>{reportTime(report.resolvedAt)}</time>
            </>
          )}
          {report.note && <p className="admin-report-text">Note: {report.note}</p>}
        </Alert>
      )}
    </div>
  );
}

function Profile({ detail, onRemovePhoto }: { detail: AdminReportDetail; onRemovePhoto?: (photoId: string) => void }) {
  const { report, profile } = detail;
  const name = reportedName(report);
  const facts = [profile.age !== null ? `${profile.age}` : null, profile.city].filter(Boolean).join(' · ');
  return (
    <section className="stack-sm" aria-labelledby="admin-report-profile">
      <h3 id="admin-report-profile">Reported member</h3>
      {facts && <p className="admin-muted">{facts}</p>}
      {profile.bio ? <p className="admin-report-text">{profile.bio}</p> : <p className="admin-muted">No bio</p>}
      {profile.photos.length === 0 ? (
        <p className="admin-muted">No photos</p>
      ) : (
        <ul className="admin-report-photos" aria-label={`Photos of ${name}`}>
          {profile.photos.map((photo, index) => (
            <li key={photo._id}>
              <img src={photo.url} alt={`Photo ${index + 1} of ${name}`} loading="lazy" decoding="async" />
              {onRemovePhoto && (
                <Button size="sm" onClick={() => onRemovePhoto(photo._id)} aria-label={`Remove this photo (photo ${index + 1})`}>
                  Remove this photo
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1).replace(/_/g, ' ');

function Dates({ detail }: { detail: AdminReportDetail }) {
  return (
    <section className="stack-sm" aria-labelledby="admin-report-dates">
      <h3 id="admin-report-dates">Dates between them</h3>
      {detail.dates.length === 0 ? (
        <p className="admin-muted">No dates between them</p>
      ) : (
        <ul className="admin-report-list">
          {detail.dates.map((date) => (
            <li key={date._id}>
              <time dateTime={date.startsAt}>{reportTime(date.startsAt)}</time> · {date.venue} · <span className="admin-muted">{statusLabel(date.status)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Messages({ detail }: { detail: AdminReportDetail }) {
  const reporter = `Reporter · ${reporterName(detail.report)}`;
  const reported = `Reported member · ${reportedName(detail.report)}`;
  return (
    <section className="stack-sm" aria-labelledby="admin-report-messages">
      <h3 id="admin-report-messages">Messages between them</h3>
      {detail.messages.length === 0 ? (
        <p className="admin-muted">No messages between them</p>
      ) : (
        <ol className="admin-messages" aria-labelledby="admin-report-messages">
          {detail.messages.map((message) => (
            <li key={message._id} className={`admin-message ${message.fromReporter ? 'admin-message-reporter' : 'admin-message-reported'}`}>
              <div className="admin-message-who">
                <strong>{message.fromReporter ? reporter : reported}</strong>{' '}
                <time className="admin-muted" dateTime={message.createdAt}>
                  {reportTime(message.createdAt)}
                </time>
              </div>
              <p className="admin-report-text">{message.content}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function EarlierReports({ detail }: { detail: AdminReportDetail }) {
  return (
    <section className="stack-sm" aria-labelledby="admin-report-earlier">
      <h3 id="admin-report-earlier">Earlier reports about {reportedName(detail.report)}</h3>
      {detail.earlierReports.length === 0 ? (
        <p className="admin-muted">No earlier reports</p>
      ) : (
        <ul className="admin-report-list">
          {detail.earlierReports.map((earlier) => (
            <li key={earlier._id}>
              {REPORT_REASON_LABELS[earlier.reason]} · <time dateTime={earlier.createdAt}>{day.format(new Date(earlier.createdAt))}</time> · <ReportStatusBadge report={earlier} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Actions({ detail, onChoose }: { detail: AdminReportDetail; onChoose: (resolving: Resolving) => void }) {
  const noPhotos = detail.profile.photos.length === 0;
  return (
    <section className="stack-sm" aria-labelledby="admin-report-actions">
      <h3 id="admin-report-actions">Resolve</h3>
      <div className="admin-report-actions">
        <Button onClick={() => onChoose({ action: 'dismiss' })}>Dismiss</Button>
        <Button onClick={() => onChoose({ action: 'warn' })}>Warn</Button>
        <Button disabled={noPhotos} onClick={() => onChoose({ action: 'remove_photo', photoId: detail.profile.photos[0]?._id })}>
          Remove photo
        </Button>
        <Button variant="danger" onClick={() => onChoose({ action: 'ban' })}>
          Ban
        </Button>
      </div>
    </section>
  );
}

const DIALOG_TITLES: Record<ReportAction, string> = { dismiss: 'Dismiss report', warn: 'Warn member', remove_photo: 'Remove a photo', ban: 'Ban member' };
const SUBMIT_LABELS: Record<ReportAction, string> = { dismiss: 'Dismiss report', warn: 'Send warning', remove_photo: 'Remove photo', ban: 'Ban' };

function ResolveDialog({ detail, resolving, onClose, onResolved }: { detail: AdminReportDetail; resolving: Resolving; onClose: () => void; onResolved: () => void }) {
  return (
    <Dialog open={resolving !== null} onClose={onClose} title={resolving ? DIALOG_TITLES[resolving.action] : ''}>
      {resolving && <ResolveForm key={`${resolving.action}-${resolving.photoId ?? ''}`} detail={detail} resolving={resolving} onClose={onClose} onResolved={onResolved} />}
    </Dialog>
  );
}

function ResolveForm({ detail, resolving, onClose, onResolved }: { detail: AdminReportDetail; resolving: NonNullable<Resolving>; onClose: () => void; onResolved: () => void }) {
  const { action } = resolving;
  const name = reportedName(detail.report);
  const queryClient = useQueryClient();
  const fields = useFieldErrors();
  const [note, setNote] = useState('');
  const [photoId, setPhotoId] = useState(resolving.photoId);
  const [failure, setFailure] = useState<string | null>(null);
  const photoErrorId = useId();

  const resolve = useMutation({
    mutationFn: (body: ReturnType<typeof ResolveReportBodySchema.parse>) => adminApi.resolveReport(detail.report._id, body),
    onSuccess: () => {
      toast.success(
        action === 'dismiss' ? ADMIN_TEXTS.reportDismissed
        : action === 'warn' ? ADMIN_TEXTS.reportWarned(name)
        : action === 'remove_photo' ? ADMIN_TEXTS.reportPhotoRemoved(name)
        : ADMIN_TEXTS.banned(name),
      );
      onResolved();
      // Bans and removed photos show in the Users tab too.
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) => {
      if (fields.fromServer(error)) return;
      setFailure(messageOf(error, ADMIN_TEXTS.resolveReport));
      // Resolved meanwhile by another admin: the queue and this report show it once reloaded.
      if (error instanceof HttpError && error.status === 409) void queryClient.invalidateQueries({ queryKey: adminKeys.reports() });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const body = fields.validate(ResolveReportBodySchema, { action, note, ...(action === 'remove_photo' ? { photoId } : {}) });
    if (body) resolve.mutate(body);
  }

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={DIALOG_TITLES[action]}>
      {action === 'dismiss' && <p>The report is closed with no action against {name}.</p>}
      {action === 'warn' && <p>{name} gets a warning by mail and in their inbox.</p>}
      {action === 'ban' && <p>Ban {name}? They are signed out everywhere at once and can no longer sign in.</p>}
      {action === 'remove_photo' && (
        <fieldset className="admin-photo-picker" aria-describedby={fields.errors.photoId ? photoErrorId : undefined} aria-invalid={fields.errors.photoId ? true : undefined}>
          <legend>Photo to remove</legend>
          <div className="admin-report-photos">
            {detail.profile.photos.map((photo, index) => (
              <label key={photo._id} className="admin-photo-choice">
                <input
                  type="radio"
                  name="photoId"
                  value={photo._id}
                  checked={photoId === photo._id}
                  onChange={() => {
                    setPhotoId(photo._id);
                    fields.clearField('photoId');
                  }}
                />
                <img src={photo.url} alt="" loading="lazy" decoding="async" />
                <span>Photo {index + 1}</span>
              </label>
            ))}
          </div>
          {fields.errors.photoId && (
            <span id={photoErrorId} className="field-error" role="alert">
              {fields.errors.photoId}
            </span>
          )}
        </fieldset>
      )}
      <TextAreaField
        label="Note for the audit log"
        hint={`Required. Up to ${REPORT_NOTE_MAX} characters.`}
        value={note}
        maxLength={REPORT_NOTE_MAX}
        rows={3}
        required
        error={fields.errors.note}
        onChange={(event) => {
          setNote(event.target.value);
          fields.clearField('note');
        }}
      />
      {(failure ?? fields.errors.action) && <Alert>{failure ?? fields.errors.action}</Alert>}
      <div className="row dialog-actions">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant={action === 'ban' || action === 'remove_photo' ? 'danger' : 'primary'} busy={resolve.isPending}>
          {SUBMIT_LABELS[action]}
        </Button>
      </div>
    </form>
  );
}
