import { Group } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import { RATING_MAX } from '@tonieshelf/shared/values/review';
import { starFills } from '@tonieshelf/shared/format';
import { useFormat } from '../i18n/use-format';
import { useCommonTexts } from './common-texts';
import classes from './stars.module.css';

interface StarsProps {
  /** The rating to draw, e.g. an average of 3.6 (3 full stars, a half, 1 empty). */
  value: number;
  /** Icon size in pixels. */
  size?: number;
  /** What a screen reader hears; defaults to 'Rated 3.6 out of 5 stars'. */
  label?: string;
}

/**
 * A read-only star rating (SPEC §5 'Stars'): whole stars full, a half star when the fraction is
 * at least .5, the rest empty. Each star is a grey star with a gold one clipped on top, so a half
 * star is half gold, half grey. (The interactive picker is Mantine's Rating.)
 */
export function Stars({ value, size = 16, label }: StarsProps) {
  const fills = starFills(value, RATING_MAX);
  const texts = useCommonTexts();
  const format = useFormat();
  return (
    <Group component="span" gap={2} wrap="nowrap" role="img" aria-label={label ?? texts.ratedOutOf(format.rating(value), RATING_MAX)} className={classes.stars} data-rating={value}>
      {fills.map((fill, i) => (
        <span key={i} className={classes.star} data-fill={fill} style={{ width: size, height: size }}>
          <IconStarFilled size={size} className={classes.empty} aria-hidden />
          <span className={classes.clip}>
            <IconStarFilled size={size} className={classes.full} aria-hidden />
          </span>
        </span>
      ))}
    </Group>
  );
}
