import { useEffect, useState } from 'react';
import { Button } from 'antd';
import {
  ApiOutlined,
  ApartmentOutlined,
  FileTextOutlined,
  PauseOutlined,
  CaretRightOutlined,
  PullRequestOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CAROUSEL_ADVANCE_MS, FEATURES } from './onboarding.ts';

const ICONS = {
  prInsights: <PullRequestOutlined />,
  autoUpdates: <SyncOutlined />,
  repoDocs: <FileTextOutlined />,
  diagrams: <ApartmentOutlined />,
  apiDocs: <ApiOutlined />,
} as const;

/**
 * The welcome carousel (docs/spec-conformance.md §1, §2): the five features, advancing every 5 s. A dot shows a
 * feature (and restarts the 5 s); the pause button stops the rotation (WCAG 2.2.2).
 */
export function FeatureCarousel() {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);

  // Restarted on every change, so a feature picked by hand also stays its full 5 s.
  useEffect(() => {
    if (paused) return;
    const id = setTimeout(() => setIndex((i) => (i + 1) % FEATURES.length), CAROUSEL_ADVANCE_MS);
    return () => clearTimeout(id);
  }, [index, paused]);

  const feature = FEATURES[index]!;
  return (
    <section
      className="dc-carousel"
      aria-roledescription={t('tour.carousel.role')}
      aria-label={t('tour.carousel.label')}
      data-testid="tour-carousel"
    >
      <div
        className="dc-carousel__slide"
        role="group"
        aria-roledescription={t('tour.carousel.slide')}
        aria-label={t('tour.carousel.position', { n: index + 1, total: FEATURES.length })}
        aria-live={paused ? 'polite' : 'off'}
        data-testid="tour-feature"
        data-feature={feature}
      >
        <span className="dc-carousel__icon" aria-hidden="true">
          {ICONS[feature]}
        </span>
        <strong className="dc-carousel__title">{t(`tour.features.${feature}.title`)}</strong>
        <p className="dc-carousel__text">{t(`tour.features.${feature}.text`)}</p>
      </div>
      <div className="dc-carousel__controls">
        <Button
          type="text"
          size="small"
          icon={paused ? <CaretRightOutlined /> : <PauseOutlined />}
          aria-label={t(paused ? 'tour.carousel.play' : 'tour.carousel.pause')}
          onClick={() => setPaused((p) => !p)}
        />
        {FEATURES.map((f, i) => (
          <button
            key={f}
            type="button"
            className={`dc-carousel__dot${i === index ? ' dc-carousel__dot--active' : ''}`}
            aria-label={t('tour.carousel.show', { title: t(`tour.features.${f}.title`) })}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
    </section>
  );
}
