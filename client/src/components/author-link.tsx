import type { ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import type { AnchorProps } from '@mantine/core';
import { Link } from 'react-router';
import { profilePath } from '@tonieshelf/shared/values/profile';

interface AuthorLinkProps extends AnchorProps {
  /** The author's username; without one (an account that is gone) the name stays plain text. */
  username: string | null | undefined;
  children: ReactNode;
  /** A hint on the link ('Profile of Kim Lee'). */
  title?: string;
  'data-testid'?: string;
}

/** An author's name as a link to their profile, /u/{username}. */
export function AuthorLink({ username, children, ...props }: AuthorLinkProps) {
  if (!username) return <>{children}</>;
  return (
    <Anchor component={Link} to={profilePath(username)} inherit {...props}>
      {children}
    </Anchor>
  );
}

const MARK = '\u0001';

interface BylineProps extends Omit<AuthorLinkProps, 'children'> {
  /** The sentence around the name, e.g. texts.byOwner ('by {name}', 'von {name}'). */
  text: (name: string) => string;
  name: string;
}

/** A byline ('by Robin Reader') whose name links to the author's profile. */
export function AuthorByline({ text, name, username, ...props }: BylineProps) {
  const [before = '', after = ''] = text(MARK).split(MARK);
  return (
    <>
      {before}
      <AuthorLink username={username} {...props}>
        {name}
      </AuthorLink>
      {after}
    </>
  );
}
