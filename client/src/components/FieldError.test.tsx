import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../common/messages';
import { FieldError } from './FieldError';
import { setTestLocale } from '../test/locale';

describe('FieldError', () => {
  it('shows a shared message as it came in English', () => {
    render(<FieldError id="name-error" message={messages.contact.nameRequired} />);
    expect(screen.getByText('* Name is required *')).toHaveAttribute('id', 'name-error');
  });

  it('shows nothing without a message', () => {
    const { container } = render(<FieldError id="name-error" message={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows a shared message in Arabic on an Arabic page, and other text as it is', async () => {
    await setTestLocale('ar');
    const { rerender } = render(<FieldError id="name-error" message={messages.contact.nameRequired} />);
    const error = document.getElementById('name-error')!;
    expect(error.textContent).not.toBe('* Name is required *');
    expect(error.textContent).toMatch(/[\u0600-\u06FF]/);
    rerender(<FieldError id="name-error" message="A server said this" />);
    expect(screen.getByText('A server said this')).toBeInTheDocument();
  });
});
