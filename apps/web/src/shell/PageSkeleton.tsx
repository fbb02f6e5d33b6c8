// antd's Skeleton styles without the component, whose Button/Avatar/Input/Image/Node parts come
// along with it (docs/performance.md, "First load"). The markup is what antd's
// `<Skeleton active paragraph={{ rows }} />` renders.
import useSkeletonStyle from 'antd/es/skeleton/style';
import { useComponentConfig } from 'antd/es/config-provider/context';

/** A page's placeholder while its list loads: a title bar and `rows` lines, the last one shorter. */
export function PageSkeleton({ rows = 6 }: { rows?: number }) {
  const { getPrefixCls } = useComponentConfig('skeleton');
  const prefixCls = getPrefixCls('skeleton');
  const [hashId, cssVarCls] = useSkeletonStyle(prefixCls);
  return (
    <div className={[prefixCls, `${prefixCls}-active`, hashId, cssVarCls].filter(Boolean).join(' ')}>
      <div className={`${prefixCls}-section`}>
        <h3 className={`${prefixCls}-title`} style={{ width: '38%' }} />
        <ul className={`${prefixCls}-paragraph`}>
          {Array.from({ length: rows }, (_, i) => (
            <li key={i} style={i === rows - 1 ? { width: '61%' } : undefined} />
          ))}
        </ul>
      </div>
    </div>
  );
}
