// antd's Spin styles without the component (its progress ring, nesting, fullscreen mask), so
// the loader every page shows first costs its markup only (docs/performance.md, "First load").
// The markup is what antd's `<Spin size=… />` renders without children.
import useSpinStyle from 'antd/es/spin/style';
import { useComponentConfig } from 'antd/es/config-provider/context';

/** antd's spinning dots. */
export function Spinner({ size }: { size?: 'small' | 'large' }) {
  const { getPrefixCls } = useComponentConfig('spin');
  const prefixCls = getPrefixCls('spin');
  const [hashId, cssVarCls] = useSpinStyle(prefixCls);
  const cls = [
    prefixCls,
    size === 'small' && `${prefixCls}-sm`,
    size === 'large' && `${prefixCls}-lg`,
    `${prefixCls}-spinning`,
    `${prefixCls}-section`,
    hashId,
    cssVarCls,
  ];
  return (
    <div className={cls.filter(Boolean).join(' ')} aria-live="polite" aria-busy="true">
      <span className={`${prefixCls}-dot-holder`}>
        <span className={`${prefixCls}-dot ${prefixCls}-dot-spin`}>
          {[1, 2, 3, 4].map((i) => (
            <i className={`${prefixCls}-dot-item`} key={i} />
          ))}
        </span>
      </span>
    </div>
  );
}
