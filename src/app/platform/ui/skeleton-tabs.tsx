import type { ReactNode } from 'react';

/**
 * A page's tabs as the shell's skeleton of the page paints them (scripts/prerender.ts): the same
 * markup and classes as `Tabs` (tabs.tsx), the first tab chosen, none usable yet (the
 * shell's status says the app is loading), and the chosen tab's panel.
 */
export function SkeletonTabs({ tabs, children }: { tabs: readonly { id: string; label: ReactNode }[]; children: ReactNode }) {
  return (
    <>
      <div role="tablist" className="tabs" aria-hidden="true">
        {tabs.map((tab, index) => (
          <button key={tab.id} type="button" role="tab" className="tab" aria-selected={index === 0} disabled>
            {tab.label}
          </button>
        ))}
      </div>
      <div className="tab-panel">{children}</div>
    </>
  );
}
