import type { ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import type { AnchorProps } from '@mantine/core';

interface ExternalLinkProps extends AnchorProps {
  href: string;
  children: ReactNode;
  onClick?: () => void;
}

/** A link that leaves TonieShelf: a new tab, without handing the opener or referrer over. */
export function ExternalLink({ href, children, onClick, ...props }: ExternalLinkProps) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" onClick={onClick} {...props}>
      {children}
    </Anchor>
  );
}
