import { useEffect, useState } from 'react';
import { Anchor, Button, Card, Checkbox, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { SHELVES, type ShelfName } from '@tonieshelf/shared/values/shelf';
import { profilePath } from '@tonieshelf/shared/values/profile';
import type { ProfileSettings } from '@tonieshelf/shared/schemas/profile';
import { PUBLIC_PROFILE_ANCHOR } from '../../lib/account-routes';
import { toast } from '../../lib/toast';
import { serverMessage } from '../../lib/server-errors';
import { useProfileSettings, useUpdateProfileSettings } from './api/use-profile';
import { useProfileTexts } from './profile-texts';

/**
 * 'Public profile': a link to the own profile, which shelves it shows (none by default) and
 * whether it lists the reviews (yes by default); saved with profile.updateSettings.
 */
export function ProfileSettingsCard({ username }: { username: string | null }) {
  const texts = useProfileTexts();
  const settings = useProfileSettings();
  const update = useUpdateProfileSettings();
  const location = useLocation();
  const [draft, setDraft] = useState<ProfileSettings | null>(null);

  useEffect(() => {
    if (settings.data) setDraft({ publicShelves: [...settings.data.publicShelves], showReviews: settings.data.showReviews });
  }, [settings.data]);

  // Opened as /account#public-profile (from the profile's 'Edit profile settings'): bring the section into view.
  useEffect(() => {
    if (location.hash === `#${PUBLIC_PROFILE_ANCHOR}` && draft) document.getElementById(PUBLIC_PROFILE_ANCHOR)?.scrollIntoView({ block: 'start' });
  }, [location.hash, draft !== null]); // once the form is there

  const changed =
    draft !== null &&
    settings.data !== undefined &&
    (draft.showReviews !== settings.data.showReviews || SHELVES.some((shelf) => draft.publicShelves.includes(shelf) !== settings.data.publicShelves.includes(shelf)));

  const save = () => {
    if (!draft) return;
    update.mutate(
      { publicShelves: SHELVES.filter((s) => draft.publicShelves.includes(s)), showReviews: draft.showReviews },
      {
        onSuccess: () => toast({ title: texts.settingsSaved, message: texts.settingsSavedDetail, variant: 'success' }),
        onError: (error) => toast({ title: texts.error, message: serverMessage(error) ?? texts.settingsFailed, variant: 'destructive' }),
      },
    );
  };

  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby="public-profile-title"
      id={PUBLIC_PROFILE_ANCHOR}
      style={{ scrollMarginTop: 80 }}
      data-testid="profile-settings"
    >
      <Stack gap="md" align="flex-start">
        <Stack gap={4}>
          <Title order={2} fz="h3" id="public-profile-title">
            {texts.settingsTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {texts.settingsIntro}
          </Text>
          {username ? (
            <Anchor component={Link} to={profilePath(username)} fz="sm" fw={600} display="inline-flex" style={{ alignItems: 'center', gap: 4 }} data-testid="view-profile">
              {texts.viewProfile}
              <IconExternalLink size={14} aria-hidden />
            </Anchor>
          ) : null}
        </Stack>
        {settings.isError ? (
          <Text size="sm" c="red" data-testid="profile-settings-error">
            {texts.settingsLoadError}
          </Text>
        ) : !draft ? (
          <Stack gap="xs" w="100%" aria-busy="true">
            <Skeleton h={18} w="60%" />
            <Skeleton h={18} w="40%" />
            <Skeleton h={18} w="50%" />
          </Stack>
        ) : (
          <>
            <Checkbox.Group
              label={texts.showShelves}
              description={texts.showShelvesHint}
              value={draft.publicShelves}
              onChange={(value) => setDraft({ ...draft, publicShelves: value as ShelfName[] })}
            >
              <Group gap="lg" mt="xs">
                {SHELVES.map((shelf) => (
                  <Checkbox key={shelf} value={shelf} label={texts.shelfNames[shelf]} />
                ))}
              </Group>
            </Checkbox.Group>
            <Switch label={texts.showReviews} checked={draft.showReviews} onChange={(event) => setDraft({ ...draft, showReviews: event.currentTarget.checked })} />
            <Button onClick={save} loading={update.isPending} disabled={!changed}>
              {texts.save}
            </Button>
          </>
        )}
      </Stack>
    </Card>
  );
}
