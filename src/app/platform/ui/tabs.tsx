import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export type TabItem<Id extends string> = { id: Id; label: ReactNode };

/**
 * A tablist with automatic activation: arrow keys, Home and End move between tabs, only the
 * chosen tab is in the Tab order, and its panel follows.
 */
export function Tabs<Id extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
}: {
  label: string;
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}) {
  const base = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const tabId = (id: Id) => `${base}-tab-${id}`;
  const panelId = (id: Id) => `${base}-panel-${id}`;

  function onKeyDown(event: KeyboardEvent, index: number) {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    onSelect(tabs[next]!.id);
    buttons.current[next]?.focus();
  }

  return (
    <>
      <div role="tablist" aria-label={label} className="tabs">
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={tabId(tab.id)}
            className="tab"
            aria-selected={tab.id === selected}
            aria-controls={tab.id === selected ? panelId(tab.id) : undefined}
            tabIndex={tab.id === selected ? 0 : -1}
            onClick={(event) => {
              // A tab half hidden at the edge of a scrolling list comes fully into view.
              event.currentTarget.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
              onSelect(tab.id);
            }}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId(selected)} aria-labelledby={tabId(selected)} tabIndex={0} className="tab-panel">
        {children}
      </div>
    </>
  );
}
