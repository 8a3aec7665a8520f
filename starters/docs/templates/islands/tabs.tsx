import { useId, useRef, useState, type KeyboardEvent } from 'react';

export interface TabsProps {
  /** Each tab: its label, and what its panel shows (text, a command, or both). */
  tabs: { label: string; text?: string; code?: string }[];
}

/**
 * Tabs as WAI-ARIA's pattern has them: a tablist whose arrow keys, Home and
 * End move between tabs (one tab stop), each tab naming its panel. The
 * server renders the first tab chosen and the other panels hidden; the
 * island hydrates when the visitor reaches into it, and the press that woke
 * it is made again once it has.
 */
export default function Tabs({ tabs }: TabsProps) {
  const id = useId();
  const [chosen, setChosen] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  function choose(index: number) {
    setChosen(index);
    buttons.current[index]?.focus();
  }
  function onKeyDown(event: KeyboardEvent) {
    const last = tabs.length - 1;
    const to = { ArrowRight: chosen === last ? 0 : chosen + 1, ArrowLeft: chosen === 0 ? last : chosen - 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    choose(to);
  }
  return (
    <div className="tabs">
      <div role="tablist" className="tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <button key={tab.label} ref={(button) => { buttons.current[index] = button; }} type="button" role="tab" id={`${id}-tab-${index}`}
            aria-selected={index === chosen} aria-controls={`${id}-panel-${index}`} tabIndex={index === chosen ? 0 : -1} onClick={() => choose(index)}>
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div key={tab.label} role="tabpanel" id={`${id}-panel-${index}`} aria-labelledby={`${id}-tab-${index}`} hidden={index !== chosen} tabIndex={0} className="tabs__panel">
          {tab.text && <p>{tab.text}</p>}
          {tab.code && <pre><code>{tab.code}</code></pre>}
        </div>
      ))}
    </div>
  );
}
