import { useMemo, type ReactNode } from 'react';
import { useApp } from '../theme/feedback.tsx';

/** The key of the form-error toast (docs/spec-conformance.md §5), replaced by the next one and cleared by a success. */
export const FORM_ERROR_KEY = 'form-error';

export interface Toast {
  success(title: ReactNode, description?: ReactNode): void;
  error(title: ReactNode, description?: ReactNode, key?: string): void;
  info(title: ReactNode, description?: ReactNode): void;
  /** A toast that stays until the returned function is called. */
  loading(title: ReactNode): () => void;
  dismiss(key: string): void;
}

function content(title: ReactNode, description?: ReactNode): ReactNode {
  if (description === undefined || description === null || description === '') return title;
  return (
    <span className="dc-toast">
      <strong className="dc-toast__title">{title}</strong> <span className="dc-toast__text">{description}</span>
    </span>
  );
}

/**
 * The app's one toast system: antd's top-centre messages, which most of the
 * app already used; the top-right notifications are gone. A title and an optional description
 * (e.g. 'Login failed' and the server's reason). A success clears a stale form-error toast,
 * so "passwords do not match" does not outlive the reset that succeeded after it.
 */
export function useToast(): Toast {
  const { message } = useApp();
  return useMemo<Toast>(
    () => ({
      success: (title, description) => {
        message.destroy(FORM_ERROR_KEY);
        void message.success(content(title, description));
      },
      error: (title, description, key) =>
        void message.error(key ? { key, content: content(title, description) } : content(title, description)),
      info: (title, description) => void message.info(content(title, description)),
      loading: (title) => message.loading(title, 0),
      dismiss: (key) => message.destroy(key),
    }),
    [message],
  );
}
