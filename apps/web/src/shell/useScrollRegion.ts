import { useEffect, useRef } from 'react';

/**
 * A table that scrolls sideways (a narrow screen) must be reachable by keyboard (WCAG 2.1.1,
 * axe's scrollable-region-focusable): each antd table scroller inside the returned ref's element
 * becomes a focusable, named region while its content is wider than it is, and an ordinary
 * element again when everything fits.
 */
export function useScrollRegion<T extends HTMLElement>(label: string) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const update = () => {
      for (const el of root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
        if (el.scrollWidth > el.clientWidth + 1) {
          el.tabIndex = 0;
          el.setAttribute('role', 'region');
          el.setAttribute('aria-label', label);
        } else if (el.getAttribute('role') === 'region') {
          el.removeAttribute('tabindex');
          el.removeAttribute('role');
          el.removeAttribute('aria-label');
        }
      }
    };
    update();
    const resize = new ResizeObserver(update);
    resize.observe(root);
    const mutations = new MutationObserver(update);
    mutations.observe(root, { childList: true, subtree: true });
    return () => {
      resize.disconnect();
      mutations.disconnect();
    };
  }, [label]);
  return ref;
}
