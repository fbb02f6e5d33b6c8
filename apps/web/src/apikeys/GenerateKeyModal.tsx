import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Input, Modal, Result, Steps, Typography } from 'antd';
import type { InputRef } from 'antd';
import { CopyOutlined, KeyOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/client.ts';
import { useToast } from '../shell/toast.tsx';
import { apiKeyKeys, apiKeysApi } from './api.ts';

/** docs/spec-conformance.md §9: the API key modal is 520 px wide. */
export const API_KEY_MODAL_WIDTH = 520;

/** Whether the Clipboard API is there (browsers offer it in a secure context only: not on plain HTTP). */
function clipboardAvailable(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function';
}

/** Writes to the clipboard; a browser without the Clipboard API counts as a failed copy. */
async function copyText(text: string): Promise<void> {
  if (!clipboardAvailable()) throw new Error('Clipboard unavailable');
  await navigator.clipboard.writeText(text);
}

/**
 * The three-step modal of docs/spec-conformance.md §2/§4: 0 Generate, 1 Secure (the key shown once; Next is enabled
 * only after it was copied), 2 Complete. Without a working Clipboard API (plain HTTP, or a refused copy) the key is
 * selected in a read-only field to copy by hand, and "I have copied the key" lets the user go on (docs/decisions.md
 * "API-key wizard without a secure context").
 */
export function GenerateKeyModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [name, setName] = useState('');
  const [key, setKey] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [manual, setManual] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const keyField = useRef<InputRef>(null);
  const canGoOn = copied || confirmed;

  // The manual path: the key in a read-only field, selected so that Ctrl+C / the context menu copies it.
  useEffect(() => {
    if (step === 1 && manual) keyField.current?.select();
  }, [step, manual]);

  const generate = useMutation({
    mutationFn: () => apiKeysApi.create(name),
    onSuccess: (res) => {
      setKey(res.key);
      setManual(!clipboardAvailable());
      setStep(1);
      void queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
    },
    onError: (err) => toast.error(t('apiKeys.generateError'), errorMessage(err)),
  });

  const copy = async () => {
    if (!key) return;
    try {
      await copyText(key);
      setCopied(true);
      toast.success(t('apiKeys.copied'));
    } catch {
      toast.error(t('apiKeys.copyFailed'));
      setManual(true);
      keyField.current?.select();
    }
  };

  const close = () => {
    onClose();
    // The key leaves memory with the modal: it is never shown again.
    setStep(0);
    setName('');
    setKey(null);
    setCopied(false);
    setManual(false);
    setConfirmed(false);
  };

  return (
    <Modal
      open={open}
      onCancel={close}
      footer={null}
      width={API_KEY_MODAL_WIDTH}
      title={t('apiKeys.modal.title')}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Steps
        size="small"
        current={step}
        className="dc-apikeys-steps"
        items={[
          { title: t('apiKeys.modal.steps.generate') },
          { title: t('apiKeys.modal.steps.secure') },
          { title: t('apiKeys.modal.steps.complete') },
        ]}
      />
      {step === 0 && (
        <form
          className="dc-apikeys-step"
          onSubmit={(e) => {
            e.preventDefault();
            generate.mutate();
          }}
        >
          <p>{t('apiKeys.modal.generateText')}</p>
          <label htmlFor="api-key-name">{t('apiKeys.modal.nameLabel')}</label>
          <Input
            id="api-key-name"
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
            placeholder={t('apiKeys.modal.namePlaceholder')}
          />
          <Button type="primary" htmlType="submit" block icon={<KeyOutlined />} loading={generate.isPending}>
            {t('apiKeys.modal.generate')}
          </Button>
        </form>
      )}
      {step === 1 && key && (
        <div className="dc-apikeys-step">
          <Alert type="warning" showIcon title={t('apiKeys.modal.secureText')} />
          <Typography.Text code className="dc-apikeys-secret" data-testid="new-api-key">
            {key}
          </Typography.Text>
          {manual && (
            <div className="dc-apikeys-manual">
              <p id="api-key-manual-help">{t('apiKeys.modal.manualText')}</p>
              <label htmlFor="api-key-manual">{t('apiKeys.modal.manualLabel')}</label>
              <Input
                id="api-key-manual"
                ref={keyField}
                readOnly
                value={key}
                aria-describedby="api-key-manual-help"
                onFocus={(e) => e.currentTarget.select()}
              />
              <Checkbox checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)}>
                {t('apiKeys.modal.manualConfirm')}
              </Checkbox>
            </div>
          )}
          <div className="dc-apikeys-step__actions">
            <Button icon={<CopyOutlined />} onClick={() => void copy()}>
              {copied ? t('apiKeys.modal.copiedButton') : t('apiKeys.modal.copy')}
            </Button>
            <Button
              type="primary"
              disabled={!canGoOn}
              onClick={() => setStep(2)}
              title={canGoOn ? undefined : t('apiKeys.modal.copyFirst')}
            >
              {t('apiKeys.modal.next')}
            </Button>
          </div>
        </div>
      )}
      {step === 2 && (
        <Result
          status="success"
          title={t('apiKeys.modal.completeTitle')}
          subTitle={t('apiKeys.modal.completeText')}
          extra={
            <Button type="primary" onClick={close}>
              {t('apiKeys.modal.done')}
            </Button>
          }
        />
      )}
    </Modal>
  );
}
