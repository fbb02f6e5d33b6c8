import { useCallback } from 'react';
import { useApp } from '../theme/feedback.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NOT_CANCELLABLE_DETAIL, type MessageType } from '@docent/contracts';
import { errorMessage } from '../api/client.ts';
import { jobKeys, jobsApi } from '../jobs/api.ts';

/**
 * Stopping a job after the 'Terminate Process' confirmation (docs/spec-conformance.md §8 Termination): 'Attempting
 * to terminate job...', then the success text or 'Failed to terminate job: {error}'; the
 * server's not-cancellable detail is shown as the spec's friendlier sentence.
 */
export function useTerminate() {
  const { t } = useTranslation();
  const { message } = useApp();
  const queryClient = useQueryClient();
  return useCallback(
    async (jobId: number, onLine: (text: string, kind: MessageType) => void) => {
      const attempting = t('terminal.terminate.attempting');
      onLine(attempting, 'warning');
      const hide = message.loading(attempting, 0);
      try {
        await jobsApi.terminate(jobId);
        const ok = t('terminal.terminate.requested');
        onLine(ok, 'system');
        void message.success(ok);
      } catch (err) {
        const detail = errorMessage(err);
        const text =
          detail === NOT_CANCELLABLE_DETAIL ? t('terminal.terminate.notCancellable') : t('terminal.terminate.failed', { error: detail });
        onLine(text, 'error');
        void message.error(text);
      } finally {
        hide();
        void queryClient.invalidateQueries({ queryKey: jobKeys.all });
      }
    },
    [message, t, queryClient],
  );
}
