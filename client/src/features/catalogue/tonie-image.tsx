import { useState } from 'react';
import type { ComponentType } from 'react';
import { Box } from '@mantine/core';
import { IconBook2, IconBulb, IconHeadphones, IconMasksTheater, IconMicrophone2, IconMusic, IconPalette } from '@tabler/icons-react';
import type { IconProps } from '@tabler/icons-react';
import classes from './catalogue.module.css';
import { tonieTint } from '@tonieshelf/shared/values/tonie';
import { usableImageSrc } from './tonie-format';

const CATEGORY_ICONS: Record<string, ComponentType<IconProps>> = {
  'Audio Play': IconMasksTheater,
  'Audio Book': IconBook2,
  Music: IconMusic,
  Songs: IconMicrophone2,
  Knowledge: IconBulb,
  'Creative Tonie': IconPalette,
};

interface TonieImageProps {
  id: number;
  src: string | null;
  name: string;
  category: string;
  /** Height of the picture area (CSS value). */
  height: number | string;
  /** Icon size of the placeholder. */
  iconSize?: number;
  /** Eager for the dialog's picture and the grid's first row, lazy (the default) below. */
  loading?: 'lazy' | 'eager';
  /** 'high' for the picture likely to be the page's largest paint (the grid's first). */
  fetchPriority?: 'high' | 'auto';
}

/**
 * A Tonie's picture on a soft coloured block. Until the picture has loaded, and for good when
 * there is none or it fails (remote pictures of the real catalogue may not load), the block shows
 * an icon of the Tonie's category instead of a broken image.
 */
export function TonieImage({ id, src: rawSrc, name, category, height, iconSize = 56, loading = 'lazy', fetchPriority = 'auto' }: TonieImageProps) {
  const src = usableImageSrc(rawSrc);
  // Keyed by src: a new picture starts over.
  return <TonieImageInner key={src ?? 'none'} {...{ id, src, name, category, height, iconSize, loading, fetchPriority }} />;
}

function TonieImageInner({ id, src, name, category, height, iconSize, loading, fetchPriority }: Required<Omit<TonieImageProps, 'src'>> & { src: string | null }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>(src ? 'loading' : 'failed');
  const Icon = CATEGORY_ICONS[category] ?? IconHeadphones;
  const showImage = src && state !== 'failed';

  return (
    <Box className={classes.imageBox} data-tint={tonieTint(id)} data-state={state} h={height}>
      {state !== 'loaded' ? (
        <span className={classes.placeholder} aria-hidden>
          <Icon size={iconSize} stroke={1.4} />
        </span>
      ) : null}
      {showImage ? (
        <img
          className={classes.image}
          src={src}
          alt={name}
          loading={loading}
          fetchPriority={fetchPriority}
          decoding="async"
          referrerPolicy="no-referrer"
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
        />
      ) : null}
    </Box>
  );
}
