import { useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { Box } from '@mantine/core';
import { IconMusic } from '@tabler/icons-react';
import classes from './publishable.module.css';
import { usePublishableTexts } from './publishable-texts';
import { PASTEL_COLOURS, PASTEL_COLOURS_DARK, pastelIndex } from './item-format';

interface ItemCoverProps {
  id: number;
  coverImage: string | null | undefined;
  title: string;
  height: number | string;
  /** Overlaid on the picture (badges). */
  children?: ReactNode;
  radius?: string;
  /** Load the picture at once (a grid's first row) rather than when scrolled near (the default). */
  eager?: boolean;
}

/** The cover image, or (without one, or when it fails) one of 8 pastel colours by id modulo 8. */
export function ItemCover({ id, coverImage, title, height, children, radius, eager = false }: ItemCoverProps) {
  const texts = usePublishableTexts();
  const [failed, setFailed] = useState(false);
  const index = pastelIndex(id);
  const style = {
    '--pastel-light': PASTEL_COLOURS[index],
    '--pastel-dark': PASTEL_COLOURS_DARK[index],
    borderRadius: radius,
  } as CSSProperties;
  const showImage = Boolean(coverImage) && !failed;

  return (
    <Box className={classes.cover} h={height} style={style} data-pastel={showImage ? undefined : index} data-testid="audio-cover">
      {showImage ? (
        <img
          className={classes.coverImage}
          src={coverImage ?? undefined}
          alt={texts.coverOf(title)}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => setFailed(true)}
        />
      ) : (
        <span className={classes.coverIcon} aria-hidden>
          <IconMusic size={34} stroke={1.6} />
        </span>
      )}
      {children ? <div className={classes.coverBadges}>{children}</div> : null}
    </Box>
  );
}
