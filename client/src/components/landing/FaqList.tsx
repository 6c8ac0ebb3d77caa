import { type ReactNode, useId, useState } from 'react';

export interface FaqItem {
  question: string;
  answer: ReactNode;
}

function Faq({ item }: { item: FaqItem }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={`faq${open ? ' faq--open' : ''}`}>
      <h3 className="faq__heading">
        <button
          type="button"
          id={`${id}-question`}
          className="faq__question"
          aria-expanded={open}
          aria-controls={`${id}-answer`}
          onClick={() => setOpen((value) => !value)}
        >
          <span>{item.question}</span>
          <span className="faq__icon" aria-hidden="true" />
        </button>
      </h3>
      <div id={`${id}-answer`} role="region" aria-labelledby={`${id}-question`} className="faq__answer" hidden={!open}>
        {item.answer}
      </div>
    </div>
  );
}

/** The FAQ (the landing page's last section): every item collapsed at first, each opened on its own. */
export function FaqList({ items }: { items: FaqItem[] }) {
  return (
    <div className="faq-list">
      {items.map((item) => (
        <Faq key={item.question} item={item} />
      ))}
    </div>
  );
}
