import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { BLOCK_TEXTS } from '#shared/api/blocks.paths.ts';
import { REPORT_DETAILS_MAX, REPORT_REASON_LABELS, REPORT_REASONS, REPORT_TEXTS, type ReportReason } from '#shared/api/reports.paths.ts';
import { blocksApi, refreshAfterBlock } from '#app/blocks/blocks.api.ts';
import { useFormSubmit } from '#app/platform/forms.ts';
import { Button } from '#app/platform/ui/button.tsx';
import { Dialog } from '#app/platform/ui/dialog.tsx';
import { Alert, TextAreaField } from '#app/platform/ui/field.tsx';
import { toast } from '#app/platform/ui/toast.store.ts';
import { REPORT_FAILED, reportsApi } from '#app/reports/reports.api.ts';
import './safety.css';

export const blockExplanation = (name: string) =>
  `${name} won't see you anywhere on Rendezvous, and you won't see them: no browsing, booking, nudges, likes or messages either way. Requests between you end, and dates you have planned together are cancelled with no penalty to either of you. ${name} isn't told you blocked them.`;

type Props = {
  userId: string;
  name: string;
  /** After a block (or a report that blocks): the member is gone from this screen, so it moves on. */
  onBlocked?: () => void;
};

/**
 * Block and Report for another member, behind a "Safety" disclosure: on their page, in a chat
 * thread, on a notification they sent. Both ask first, in a dialog.
 */
export function SafetyMenu({ userId, name, onBlocked }: Props) {
  const [open, setOpen] = useState<'block' | 'report' | null>(null);
  const menu = useRef<HTMLDetailsElement>(null);
  const choose = (which: 'block' | 'report') => {
    if (menu.current) menu.current.open = false;
    setOpen(which);
  };
  return (
    <>
      <details className="safety-menu" ref={menu}>
        <summary className="btn btn-ghost btn-sm" aria-label={`Safety options for ${name}`}>
          <span aria-hidden="true">⋯</span>
        </summary>
        <div className="safety-menu-items">
          <Button size="sm" variant="ghost" onClick={() => choose('block')}>
            Block {name}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => choose('report')}>
            Report {name}
          </Button>
        </div>
      </details>
      {/* Mounted only while asked for: a list of many items (the inbox) holds no closed dialogs. */}
      {open === 'block' && <BlockDialog open onClose={() => setOpen(null)} userId={userId} name={name} onBlocked={onBlocked} />}
      {open === 'report' && <ReportDialog open onClose={() => setOpen(null)} userId={userId} name={name} onBlocked={onBlocked} />}
    </>
  );
}

type DialogProps = Props & { open: boolean; onClose: () => void };

function BlockDialog({ open, onClose, userId, name, onBlocked }: DialogProps) {
  const queryClient = useQueryClient();
  const { busy, failure, run } = useFormSubmit();
  async function block() {
    const done = await run(() => blocksApi.block(userId), 'Failed to block this member');
    if (!done) return;
    onClose();
    toast.success(BLOCK_TEXTS.blocked);
    onBlocked?.();
    void refreshAfterBlock(queryClient);
  }
  return (
    <Dialog open={open} onClose={onClose} title={`Block ${name}?`}>
      <div className="stack-sm">
        <p>{blockExplanation(name)}</p>
        <p className="muted">You can unblock them later from your profile.</p>
        {failure && <Alert>{failure}</Alert>}
        <div className="row">
          <Button size="sm" onClick={onClose}>
            Cancel
          </Button>
          <Button size="sm" variant="danger" busy={busy} onClick={() => void block()}>
            Block
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function ReportDialog({ open, onClose, userId, name, onBlocked }: DialogProps) {
  const queryClient = useQueryClient();
  const legendId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [alsoBlock, setAlsoBlock] = useState(true);
  const { fields, busy, failure, run } = useFormSubmit();

  async function send(event: FormEvent) {
    event.preventDefault();
    // The schema (and zod with it) comes with the first send: a member's pages load no zod to show data.
    const { ReportRequestSchema } = await import('#shared/api/reports.ts');
    const body = fields.validate(ReportRequestSchema, { userId, reason, details, block: alsoBlock });
    if (!body) return;
    let blocked = false;
    const done = await run(async () => {
      blocked = (await reportsApi.report(body)).blocked;
    }, REPORT_FAILED);
    if (!done) return;
    onClose();
    toast.success(REPORT_TEXTS.thanks);
    if (blocked) {
      onBlocked?.();
      void refreshAfterBlock(queryClient);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title={`Report ${name}`}>
      <form className="stack-sm report-form" onSubmit={(event) => void send(event)} noValidate>
        <fieldset className="report-reasons" aria-describedby={fields.errors.reason ? `${legendId}-error` : undefined}>
          <legend id={legendId}>What happened?</legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className="checkbox">
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  fields.clearField('reason');
                }}
              />
              <span>{REPORT_REASON_LABELS[value]}</span>
            </label>
          ))}
          {fields.errors.reason && (
            <span id={`${legendId}-error`} className="field-error" role="alert">
              {fields.errors.reason}
            </span>
          )}
        </fieldset>
        <TextAreaField
          label="Details (optional)"
          name="details"
          rows={4}
          maxLength={REPORT_DETAILS_MAX}
          value={details}
          onChange={(event) => setDetails(event.target.value)}
          error={fields.errors.details}
          hint={`${details.length}/${REPORT_DETAILS_MAX}`}
        />
        <label className="checkbox">
          <input type="checkbox" name="block" checked={alsoBlock} onChange={(event) => setAlsoBlock(event.target.checked)} />
          <span>Also block {name}</span>
        </label>
        <p className="muted">Our team reviews every report. {name} isn't told who reported them.</p>
        {failure && <Alert>{failure}</Alert>}
        <div className="row">
          <Button size="sm" onClick={onClose}>
            Cancel
          </Button>
          <Button size="sm" variant="danger" type="submit" busy={busy}>
            Send report
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
