// /u/{username}: the header (name, @username, member since, counts, 'Edit profile settings' or
// 'Report user') and the sections as tabs: Reviews, Audio, Sets and one per public shelf. The tab
// and its page live in the address (?tab=…&page=…), so Back and a shared link keep them.
import type { ReactNode } from 'react';
import { Alert, Avatar, Badge, Button, Container, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconSettings, IconUserQuestion } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { SHELVES, type ShelfName } from '@tonieshelf/shared/values/shelf';
import type { Profile } from '@tonieshelf/shared/schemas/profile';
import { useFormat } from '../../i18n/use-format';
import { ACCOUNT_ROUTES, PUBLIC_PROFILE_ANCHOR } from '../../lib/account-routes';
import { ROUTES } from '../../lib/links';
import { usePageTitle } from '../../lib/page-title';
import { errorCode } from '../../lib/server-errors';
import { useProfile } from './api/use-profile';
import { useProfileTexts } from './profile-texts';
import { ResultsSummary } from '../../components/results-summary';

export type ProfileSection = 'reviews' | 'audio' | 'sets' | ShelfName;

/** What a section's list needs: whose, which page, and how to go to another. */
export interface ProfileSectionProps {
  profile: Profile;
  page: number;
  /** Goes to a page; `replace` swaps the address (a page past the end going to the last one). */
  onPage: (page: number, options?: { replace?: boolean }) => void;
}

/** The page's parts of a profile: each section's list, and the way to report the user. */
interface ProfileParts {
  section: (section: ProfileSection, props: ProfileSectionProps) => ReactNode;
  reportUser: (profile: Profile) => ReactNode;
}

function isShelf(value: string): value is ShelfName {
  return (SHELVES as readonly string[]).includes(value);
}

export function ProfileView({ username, ...parts }: { username: string } & ProfileParts) {
  const texts = useProfileTexts();
  const profile = useProfile(username);
  const code = profile.isError ? errorCode(profile.error) : null;
  const notFound = code === 'NOT_FOUND' || code === 'BAD_REQUEST';
  usePageTitle(profile.data ? profile.data.displayName : notFound ? texts.notFoundTitle : undefined);

  if (profile.isError) {
    return (
      <Container size="sm" py="xl" w="100%">
        <Alert
          color="gray"
          variant="light"
          icon={notFound ? <IconUserQuestion size={20} aria-hidden /> : <IconAlertCircle size={20} aria-hidden />}
          title={notFound ? texts.notFoundTitle : texts.loadError}
          data-testid={notFound ? 'profile-not-found' : 'profile-error'}
        >
          <Stack gap="sm" align="flex-start">
            {notFound ? <Text fz="sm">{texts.notFound}</Text> : null}
            {notFound ? (
              <Button component={Link} to={ROUTES.catalog} variant="light" size="xs">
                {texts.backToCatalog}
              </Button>
            ) : (
              <Button variant="light" size="xs" onClick={() => void profile.refetch()}>
                {texts.tryAgain}
              </Button>
            )}
          </Stack>
        </Alert>
      </Container>
    );
  }
  if (!profile.data) {
    return (
      <Container size="lg" py="xl" w="100%" aria-busy="true" data-testid="profile-loading">
        <Text c="dimmed">{texts.loading}</Text>
      </Container>
    );
  }
  return <ProfileContent profile={profile.data} {...parts} />;
}

function ProfileContent({ profile, section: sectionOf, reportUser }: { profile: Profile } & ProfileParts) {
  const texts = useProfileTexts();
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const sections: { value: ProfileSection; label: string; count: number }[] = [
    { value: 'reviews', label: texts.reviews, count: profile.reviewCount },
    { value: 'audio', label: texts.audio, count: profile.audioCount },
    { value: 'sets', label: texts.sets, count: profile.setCount },
    ...profile.shelves.map(({ shelf, count }) => ({ value: shelf, label: texts.shelfNames[shelf], count })),
  ];
  const asked = params.get('tab') ?? 'reviews';
  const tab: ProfileSection = sections.some((s) => s.value === asked) ? (asked as ProfileSection) : 'reviews';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const go = (next: { tab?: ProfileSection; page?: number }, options: { replace?: boolean } = {}) => {
    const nextParams = new URLSearchParams(params);
    const nextTab = next.tab ?? tab;
    if (nextTab === 'reviews') nextParams.delete('tab');
    else nextParams.set('tab', nextTab);
    const nextPage = next.tab !== undefined && next.tab !== tab ? 1 : (next.page ?? page);
    if (nextPage > 1) nextParams.set('page', String(nextPage));
    else nextParams.delete('page');
    setParams(nextParams, { preventScrollReset: true, replace: options.replace ?? false });
  };
  const paged: ProfileSectionProps = { profile, page, onPage: (p: number, options?: { replace?: boolean }) => go({ page: p }, options) };

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} w="100%" data-testid="profile">
      <Group justify="space-between" align="flex-start" gap="lg" mb="xl" wrap="wrap">
        <Group gap="lg" wrap="nowrap" miw={0} align="flex-start">
          <Avatar name={profile.displayName} color="initials" size={72} radius="xl" aria-hidden />
          <Stack gap={4} miw={0}>
            <Title order={1} fz={{ base: 26, sm: 34 }} style={{ overflowWrap: 'anywhere' }} data-testid="profile-name">
              {profile.displayName}
            </Title>
            <Text c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="profile-username">
              {texts.handle(profile.username)}
            </Text>
            <Text fz="sm" c="dimmed" data-testid="profile-member-since">
              {texts.memberSince(format.date(profile.memberSince))}
            </Text>
            <Group gap="xs" mt={4} data-testid="profile-counts">
              {/* A hidden list counts 0 for everyone, the owner too: no count then. */}
              {profile.reviewsHidden ? null : (
                <Badge variant="light" color="gray" tt="none" fw={500}>
                  {texts.reviewCount(profile.reviewCount)}
                </Badge>
              )}
              <Badge variant="light" color="gray" tt="none" fw={500}>
                {texts.audioCount(profile.audioCount)}
              </Badge>
              <Badge variant="light" color="gray" tt="none" fw={500}>
                {texts.setCount(profile.setCount)}
              </Badge>
            </Group>
          </Stack>
        </Group>
        {profile.isSelf ? (
          <Button
            component={Link}
            to={`${ACCOUNT_ROUTES.account}#${PUBLIC_PROFILE_ANCHOR}`}
            variant="light"
            leftSection={<IconSettings size={16} aria-hidden />}
            data-testid="edit-profile-settings"
          >
            {texts.editSettings}
          </Button>
        ) : (
          reportUser(profile)
        )}
      </Group>

      <Tabs value={tab} onChange={(value) => value && go({ tab: value as ProfileSection })} keepMounted={false}>
        <Tabs.List aria-label={texts.sections} mb="lg">
          {sections.map((section) => (
            <Tabs.Tab
              key={section.value}
              value={section.value}
              rightSection={
                section.value === 'reviews' && profile.reviewsHidden ? null : (
                  <Badge size="xs" variant="light" color="gray" aria-hidden>
                    {format.count(section.count)}
                  </Badge>
                )
              }
              data-testid={`profile-tab-${section.value}`}
            >
              {section.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="reviews">
          <PanelHeading>{texts.reviews}</PanelHeading>
          {sectionOf('reviews', paged)}
        </Tabs.Panel>
        <Tabs.Panel value="audio">
          <PanelHeading>{texts.audio}</PanelHeading>
          {sectionOf('audio', paged)}
        </Tabs.Panel>
        <Tabs.Panel value="sets">
          <PanelHeading>{texts.sets}</PanelHeading>
          {sectionOf('sets', paged)}
        </Tabs.Panel>
        {profile.shelves.map(({ shelf }) =>
          isShelf(shelf) ? (
            <Tabs.Panel key={shelf} value={shelf}>
              <PanelHeading>{texts.shelfNames[shelf]}</PanelHeading>
              {sectionOf(shelf, paged)}
            </Tabs.Panel>
          ) : null,
        )}
      </Tabs>
    </Container>
  );
}

/** A section's h2 for screen readers (its tab names it on screen); its cards are h3. */
function PanelHeading({ children }: { children: string }) {
  return <ResultsSummary heading={children} />;
}
