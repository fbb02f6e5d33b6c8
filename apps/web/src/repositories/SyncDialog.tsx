import { useEffect, useRef, useState } from 'react';
import { Button, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MessageType } from '@docent/contracts';
import { localLine, type TerminalLine } from '../terminal/lines.ts';
import { TERMINAL_HEIGHT, TerminalModal } from '../terminal/Terminal.tsx';
import { reposKeys, syncPath, type HostedVendor } from './api.ts';
import { runSyncStream } from './syncStream.ts';

export interface SyncRequest {
  vendors: HostedVendor[];
  reinstall: boolean;
}

type VendorState = 'running' | 'complete' | 'error';

/**
 * The install / reinstall streams of one or more vendors in a terminal dialog (400 px tall).
 * COMPLETE ends a vendor; an all-vendor sync finishes when every selected vendor completed.
 */
export function SyncDialog({ request, onClose }: { request: SyncRequest | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [lines, setLines] = useState<TerminalLine[]>([]);
  const [states, setStates] = useState<Partial<Record<HostedVendor, VendorState>>>({});
  const count = useRef(0);

  useEffect(() => {
    if (!request) return;
    const controller = new AbortController();
    count.current = 0;
    setLines([]);
    setStates(Object.fromEntries(request.vendors.map((v) => [v, 'running'])));
    const add = (text: string, type: MessageType) => {
      count.current += 1;
      const line = localLine(text, type, count.current);
      setLines((ls) => [...ls, line]);
    };
    const finishVendor = (v: HostedVendor, s: VendorState) => {
      setStates((prev) => ({ ...prev, [v]: s }));
      void queryClient.invalidateQueries({ queryKey: reposKeys.all });
    };
    for (const vendor of request.vendors) {
      const name = t(`vendors.${vendor}`);
      add(t('repositories.sync.starting', { vendor: name }), 'start');
      void runSyncStream(
        syncPath(vendor, request.reinstall),
        {
          onMessage: (text) => add(request.vendors.length > 1 ? `[${name}] ${text}` : text, 'info'),
          onEnd: (end) => {
            if (end === 'COMPLETE') {
              add(t('repositories.sync.vendorDone', { vendor: name }), 'complete');
              finishVendor(vendor, 'complete');
            } else {
              add(t('repositories.sync.vendorError', { vendor: name }), 'failed');
              finishVendor(vendor, 'error');
            }
          },
          onError: (reason, started) => {
            add(
              reason === null
                ? t('repositories.sync.noResult')
                : started
                  ? t('repositories.sync.streamError')
                  : t('repositories.sync.startFailed', { reason }),
              'error',
            );
            add(t('repositories.sync.vendorError', { vendor: name }), 'failed');
            finishVendor(vendor, 'error');
          },
        },
        controller.signal,
      );
    }
    return () => controller.abort();
  }, [request, t, queryClient]);

  const vendors = request?.vendors ?? [];
  const done = vendors.length > 0 && vendors.every((v) => states[v] && states[v] !== 'running');
  const completed = vendors.filter((v) => states[v] === 'complete').length;
  return (
    <TerminalModal
      open={request !== null}
      onClose={onClose}
      modalTitle={
        request?.reinstall
          ? t('repositories.sync.titleAll')
          : t('repositories.sync.titleInstall', { vendor: vendors.map((v) => t(`vendors.${v}`)).join(', ') })
      }
      height={TERMINAL_HEIGHT.sync}
      lines={lines}
      title={t('repositories.sync.terminal')}
      status={
        done ? (
          <Tag color={completed === vendors.length ? 'success' : 'error'}>
            {t('repositories.sync.summary', { done: completed, total: vendors.length })}
          </Tag>
        ) : (
          <Tag color="processing">{t('repositories.sync.running')}</Tag>
        )
      }
      progress={vendors.length ? (100 * vendors.filter((v) => states[v] && states[v] !== 'running').length) / vendors.length : 0}
      downloadName="sync.log"
      live={!done}
      testId="sync-terminal"
      footer={
        <Button type="primary" onClick={onClose} data-testid="sync-close">
          {done ? t('common.close') : t('repositories.sync.background')}
        </Button>
      }
    />
  );
}
