import { useTranslation } from 'react-i18next';
import { FORM_ERROR_KEY, useToast } from '../shell/toast.tsx';

interface ErrorField {
  errors: string[];
}

/** docs/spec-conformance.md §5: the first form error is also shown in an error toast titled auth.common.error. */
export function useFormErrorNotice() {
  const toast = useToast();
  const { t } = useTranslation();
  return ({ errorFields }: { errorFields: ErrorField[] }) => {
    const first = errorFields.find((f) => f.errors.length > 0)?.errors[0];
    if (first) toast.error(t('auth.common.error'), first, FORM_ERROR_KEY);
  };
}
