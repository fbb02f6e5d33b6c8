import { useEffect } from 'react';
import useMessage from 'antd/es/message/useMessage';
import useModal from 'antd/es/modal/useModal';
import type { AppApi } from './feedback.tsx';

/** antd's message and Modal holders (what `<App>` mounts), loaded at the first call (feedback.tsx). */
export default function FeedbackHolders({ onReady }: { onReady: (api: AppApi) => void }) {
  const [message, messageHolder] = useMessage();
  const [modal, modalHolder] = useModal();
  useEffect(() => onReady({ message, modal }), [onReady, message, modal]);
  return (
    <>
      {modalHolder}
      {messageHolder}
    </>
  );
}
