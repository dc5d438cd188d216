import { POINT_GUIDE, signedPoints } from '#shared/domain/score-guide.ts';

/** The ledger's own point effects (decision 36), as /score and /about show them. */
export function PointGuideTable({ caption, className }: { caption: string; className?: string }) {
  return (
    <table className={className}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Action</th>
          <th scope="col">Points</th>
        </tr>
      </thead>
      <tbody>
        {POINT_GUIDE.map(({ action, points }) => (
          <tr key={action}>
            <td>{action}</td>
            <td className={points > 0 ? 'points-up' : points < 0 ? 'points-down' : undefined}>{signedPoints(points)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
