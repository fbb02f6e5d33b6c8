import { App } from 'antd';
import { useTranslation } from 'react-i18next';

interface ErrorField {
  errors: string[];
}

/** Spec §5: the first form error is also shown in an error notification titled auth.common.error. */
export function useFormErrorNotice() {
  const { notification } = App.useApp();
  const { t } = useTranslation();
  return ({ errorFields }: { errorFields: ErrorField[] }) => {
    const first = errorFields.find((f) => f.errors.length > 0)?.errors[0];
    if (first) notification.error({ title: t('auth.common.error'), description: first, key: 'form-error' });
  };
}
