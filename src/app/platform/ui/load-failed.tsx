import { HttpError } from '#shared/http-error.ts';
import { Button } from './button.tsx';
import { Alert } from './field.tsx';

/** A list that could not load: the screen's text, the server's reason for a bad query (400), and Retry. */
export function LoadFailed({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const detail = error instanceof HttpError && error.status === 400 ? error.message : null;
  return (
    <Alert>
      <div className="stack-sm">
        <strong>{title}</strong>
        {detail && <span>{detail}</span>}
        <div>
          <Button size="sm" onClick={onRetry}>
            Retry
          </Button>
        </div>
      </div>
    </Alert>
  );
}
