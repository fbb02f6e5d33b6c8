import { lazy, Suspense, useContext, useState, type ReactNode } from 'react';
import AppContext, { type useAppProps } from 'antd/es/app/context';
import useAppStyle from 'antd/es/app/style';
import { useComponentConfig } from 'antd/es/config-provider/context';

/**
 * The app's messages and confirmation dialogs (antd's `App.useApp()`), without their code in the
 * first load (docs/performance.md, "First load"). antd's `<App>` mounts its holders (message,
 * Modal and the top-right toasts the app does not use) at start-up, about 17 kB gzipped that no
 * page paints; here they are a chunk of their own, loaded at the first call. Until it has loaded,
 * calls wait in a queue and answer a handle (close function, `destroy`/`update`, `then`) that
 * acts on the real one once it exists.
 */
export type AppApi = Pick<useAppProps, 'message' | 'modal'>;

/** `App.useApp()`: the APIs of the nearest FeedbackProvider (or antd's `<App>`, as the tests use). */
export function useApp(): AppApi {
  return useContext(AppContext);
}

type Ready = (api: AppApi) => void;
const Holders = lazy(() => import('./FeedbackHolders.tsx'));

type Pending = { run: (api: AppApi) => void };

/** A stand-in for what a call answers, until the real call has been made. */
function pendingHandle(queueOn: (act: (result: unknown) => void) => void, result: Promise<unknown>) {
  const call =
    (name: 'destroy' | 'update' | null) =>
    (...args: unknown[]) =>
      queueOn((r) => {
        const target = name ? (r as Record<string, unknown> | undefined)?.[name] : r;
        if (typeof target === 'function') (target as (...a: unknown[]) => unknown).apply(r, args);
      });
  return Object.assign(call(null), {
    destroy: call('destroy'),
    update: call('update'),
    then: (onDone?: (v: unknown) => unknown, onFail?: (e: unknown) => unknown) => result.then(onDone, onFail),
  });
}

/** One API (message, modal or notification) whose calls wait for the holders. */
type Methods = Record<string, (...args: unknown[]) => unknown>;
const methodsOf = (api: AppApi, key: keyof AppApi) => api[key] as unknown as Methods;

function deferredApi(key: keyof AppApi, state: { api: AppApi | null; queue: Pending[]; want: () => void }) {
  return new Proxy({} as Record<string, unknown>, {
    get(_target, method: string) {
      if (typeof method !== 'string' || method === 'then') return undefined;
      return (...args: unknown[]) => {
        if (state.api) return methodsOf(state.api, key)[method]!(...args);
        // nothing is on screen before the holders exist, unless it waits in the queue with this call
        if (method === 'destroy' && !state.queue.length) return undefined;
        let settle!: (r: unknown) => void;
        const result = new Promise<unknown>((resolve) => (settle = resolve));
        const later: ((r: unknown) => void)[] = [];
        let done = false;
        let value: unknown;
        state.queue.push({
          run: (api) => {
            value = methodsOf(api, key)[method]!(...args);
            done = true;
            later.splice(0).forEach((act) => act(value));
            settle(value);
          },
        });
        state.want();
        return pendingHandle((act) => (done ? act(value) : later.push(act)), result);
      };
    },
  });
}

/**
 * In place of antd's `<App>`: the same class and base styles on a wrapping div, the same context
 * (so `App.useApp()` and `useApp()` both answer it), the holders loaded on demand.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const { getPrefixCls, className, style } = useComponentConfig('app');
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  const [wanted, setWanted] = useState(false);
  const [state] = useState(() => {
    const s = { api: null as AppApi | null, queue: [] as Pending[], want: () => setWanted(true) };
    const value = {
      message: deferredApi('message', s),
      modal: deferredApi('modal', s),
    } as unknown as useAppProps;
    return { s, value };
  });
  const [ready] = useState<Ready>(() => (api: AppApi) => {
    state.s.api = api;
    state.s.queue.splice(0).forEach((p) => p.run(api));
  });
  return (
    <AppContext.Provider value={state.value}>
      <div className={[hashId, prefixCls, cssVarCls, className].filter(Boolean).join(' ')} style={style}>
        {wanted && (
          <Suspense fallback={null}>
            <Holders onReady={ready} />
          </Suspense>
        )}
        {children}
      </div>
    </AppContext.Provider>
  );
}
