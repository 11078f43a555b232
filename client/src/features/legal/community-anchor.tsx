import type { ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import type { AnchorProps } from '@mantine/core';
import { Link } from 'react-router';
import type { CommunityLink } from './use-site-info';

interface CommunityAnchorProps extends AnchorProps {
  link: CommunityLink;
  children: ReactNode;
  onClick?: () => void;
}

/** A link to the contact form (in the app) or to the community's own place (a new tab). */
export function CommunityAnchor({ link, children, onClick, ...props }: CommunityAnchorProps) {
  if (link.external) {
    return (
      <Anchor href={link.href} target="_blank" rel="noopener noreferrer" onClick={onClick} {...props}>
        {children}
      </Anchor>
    );
  }
  return (
    <Anchor component={Link} to={link.href} onClick={onClick} {...props}>
      {children}
    </Anchor>
  );
}
