// Notice and action (issue 11) in the browser against the real server: an anonymous visitor
// reports a published file for copyright and gets a reference by mail; a moderator (made with the
// admin command while the server runs) hides it with a statement of reasons; it is gone from
// Discover, search, the audio tags, the listener's Liked list and its file URL answers 404 for
// others; the uploader sees 'Hidden by moderators', receives and reads the reasons, contests; the
// moderator restores it from the contest and it is back; an admin reads all of it in the audit
// log. A suspended user is signed out and cannot sign in again, and the reports about them are
// settled. A bug report from the contact form is marked as handled.
import { test, expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { MODERATION_MESSAGES } from '@tonieshelf/shared/values/moderation';
import { latestMailTo, linkIn } from '../server/test/helpers/mailbox';
import { audioCard, expectToast, grantRole, MAIL_DIR, publishAudio, signedInPage, stamp } from './helpers';
import { formatMessage } from '@tonieshelf/shared/i18n/messages';
import { message } from '@tonieshelf/shared/i18n/message-key';

/** A message's English, as the app shows it to an English visitor. */
const en = (msg: Parameters<typeof formatMessage>[0]) => formatMessage(msg, 'en');

function queueEntry(page: Page, label: string): Locator {
  return page.getByTestId('queue-entry').filter({ has: page.getByRole('heading', { level: 3, name: label }) });
}

/** Chooses an option of a Mantine Select by its label. */
async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Fills in the statement of reasons and confirms it with the modal's button. */
async function giveReasons(page: Page, statement: string, confirm: string, choices: { reason?: string; rule?: string; duration?: string } = {}): Promise<void> {
  const form = page.getByRole('form', { name: 'Statement of reasons' });
  await expect(form).toBeVisible();
  if (choices.reason) await choose(page, form, 'Reason', choices.reason);
  if (choices.rule) await choose(page, form, 'Rule (section of the terms)', choices.rule);
  if (choices.duration) await choose(page, form, 'Duration', choices.duration);
  await form.getByRole('textbox', { name: 'Statement' }).fill(statement);
  await form.getByRole('button', { name: confirm, exact: true }).click();
  await expect(form).toBeHidden();
}

test.describe('notice and action', () => {
  test('report -> reference by mail -> hide with reasons -> gone for others -> the uploader contests -> restored; the audit log shows it all', async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const s = stamp();
    const title = `E2E Gruffalo Reading ${s}`;
    const tag = `e2e-mod-${s}`;

    // An uploader publishes a file; a listener likes it.
    const { page: uploader, account: uploaderAccount } = await signedInPage(browser, baseURL, 'Uma', 'mod');
    const file = await publishAudio(uploader.request, baseURL, { title, tags: [tag], description: 'The complete audiobook, read aloud.' });
    const { page: listener } = await signedInPage(browser, baseURL, 'Lars', 'mod');
    const liked = await listener.request.post(`/api/audio-files/${file.id}/like`, { headers: { origin: baseURL ?? '' } });
    expect(liked.status(), await liked.text()).toBeLessThan(300);
    await listener.goto('/audio/liked');
    await expect(audioCard(listener, title)).toBeVisible();
    expect((await listener.request.get(file.fileUrl)).status()).toBe(200);

    // An anonymous visitor reports it for copyright from its details, and gets a reference.
    const visitorContext = await browser.newContext({ baseURL });
    const visitor = await visitorContext.newPage();
    const reporterEmail = `e2e-publisher-${s}@example.com`;
    await visitor.goto(`/audio/discover?audio=${file.id}`);
    const details = visitor.getByTestId('audio-details');
    await expect(details).toBeVisible();
    await details.getByRole('button', { name: 'Report this audio file' }).click();
    const reportForm = visitor.getByRole('form', { name: 'Report this audio file' });
    await expect(reportForm).toBeVisible();
    await choose(visitor, reportForm, 'Reason', 'Copyright infringement');
    await reportForm.getByRole('textbox', { name: 'What is wrong with it?' }).fill('This is the complete audiobook of our publishing house. We did not allow this upload.');
    await reportForm.getByRole('textbox', { name: 'Your name' }).fill('Petra Publisher');
    await reportForm.getByRole('textbox', { name: 'Your email' }).fill(reporterEmail);
    await reportForm.getByRole('checkbox', { name: /in good faith/ }).check();
    await reportForm.getByRole('button', { name: 'Send report' }).click();
    const reference = (await visitor.getByTestId('report-reference').textContent())?.trim() ?? '';
    expect(reference).toMatch(/^TS-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await expect(visitor.getByTestId('report-received')).toHaveText(en(message(MODERATION_MESSAGES.reportReceived, { reference })));
    const receipt = await latestMailTo(MAIL_DIR, reporterEmail, { subject: `We received your report (${reference})` });
    expect(receipt.text).toContain(`Your reference number is ${reference}`);
    await visitorContext.close();

    // A moderator, made with the admin command while the server runs, finds it in the queue.
    const { page: moderator, account: moderatorAccount } = await signedInPage(browser, baseURL, 'Mona', 'mod');
    await moderator.goto('/moderation');
    await expect(moderator.getByTestId('moderators-only')).toHaveText(en(MODERATION_MESSAGES.moderatorsOnly));
    await grantRole(moderatorAccount.email, 'moderator');
    await moderator.goto('/catalog');
    await moderator
      .getByRole('banner')
      .getByRole('button', { name: `${moderatorAccount.username} – account menu` })
      .click();
    await moderator.getByRole('menuitem', { name: 'Moderation' }).click();
    await expect(moderator).toHaveURL(/\/moderation$/);
    await expect(moderator.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
    await expect(moderator.getByRole('tab', { name: 'Audit log' })).toHaveCount(0); // admins only

    const entry = queueEntry(moderator, title);
    await expect(entry).toBeVisible();
    await expect(entry.getByTestId('report-count')).toHaveText('1 report');
    await expect(entry.getByTestId('queue-reasons')).toContainText('Copyright infringement');
    await expect(entry.getByTestId('report-reference')).toHaveText(reference);
    await expect(entry.getByText('Petra Publisher')).toBeVisible();
    await expect(entry.locator('audio[controls]')).toHaveAttribute('src', file.fileUrl);

    // Filters live in the address: spam shows nothing of it, copyright shows it.
    await choose(moderator, moderator.locator('body'), 'Reason', 'Spam');
    await expect(moderator).toHaveURL(/reason=spam/);
    await expect(queueEntry(moderator, title)).toHaveCount(0);
    await choose(moderator, moderator.locator('body'), 'Reason', 'Copyright infringement');
    await expect(moderator).toHaveURL(/reason=copyright/);
    await expect(entry).toBeVisible();

    // Hide, with a statement of reasons (reason and rule preselected from the report).
    const hideStatement = 'The file is the complete commercial audiobook, shared without the permission of its publisher.';
    await entry.getByRole('button', { name: 'Hide' }).click();
    const statementForm = moderator.getByRole('form', { name: 'Statement of reasons' });
    await expect(statementForm.getByRole('combobox', { name: 'Reason' })).toHaveValue('Copyright infringement');
    await expect(statementForm.getByRole('combobox', { name: 'Rule (section of the terms)' })).toHaveValue('§2 Copyright and licences');
    await statementForm.getByRole('textbox', { name: 'Statement' }).fill('Too short');
    await statementForm.getByRole('button', { name: 'Hide', exact: true }).click();
    await expect(statementForm.getByText(en(MODERATION_MESSAGES.statementRequired))).toBeVisible();
    await giveReasons(moderator, hideStatement, 'Hide');
    await expectToast(moderator, 'Hidden');
    await moderator.goto('/moderation?status=all');
    await expect(queueEntry(moderator, title).getByTestId('hidden-badge')).toHaveText('Hidden');

    // Gone for others: Discover, search, the audio tags, Liked, and the file itself.
    const discover = (await (await listener.request.get('/api/audio-files?pageSize=100')).json()) as { audioFiles: { id: number }[] };
    expect(discover.audioFiles.map((f) => f.id)).not.toContain(file.id);
    await listener.goto(`/audio/discover?search=${encodeURIComponent(title)}`);
    await expect(listener.getByRole('heading', { name: 'No Audio Files Found' })).toBeVisible();
    const tags = (await (await listener.request.get('/api/audio-tags')).json()) as unknown;
    expect(JSON.stringify(tags)).not.toContain(tag);
    await listener.goto('/audio/liked');
    await expect(listener.getByRole('heading', { level: 1, name: 'Liked Audio Files' })).toBeVisible();
    // The listener liked only this file: the list has loaded once its empty state shows.
    await expect(listener.getByText('No Liked Audio Files Yet')).toBeVisible();
    await expect(audioCard(listener, title)).toHaveCount(0);
    expect((await listener.request.get(file.fileUrl)).status()).toBe(404);
    expect((await listener.request.get(`/api/audio-files/${file.id}`)).status()).toBe(404);

    // The reporter is told the outcome; the uploader receives the statement of reasons.
    const outcome = await latestMailTo(MAIL_DIR, reporterEmail, { subject: `The outcome of your report (${reference})` });
    expect(outcome.text).toContain(reference);
    const statementMail = await latestMailTo(MAIL_DIR, uploaderAccount.email, { subject: /Moderators hid your content on TonieShelf \(decision \d+\)/ });
    expect(statementMail.text).toContain(hideStatement);
    expect(statementMail.text).toContain('Copyright and licences');
    const decisionLink = new URL(linkIn(statementMail, '/decisions/'));
    const decisionId = Number(decisionLink.pathname.split('/').at(-1));
    expect(decisionId).toBeGreaterThan(0);

    // The uploader still sees it, marked 'Hidden by moderators', with 'Why?' to the decision.
    await uploader.goto('/audio/upload');
    const ownRow = uploader.getByTestId('own-audio-table').getByRole('row').filter({ hasText: title });
    await expect(ownRow).toContainText(en(MODERATION_MESSAGES.hiddenByModerators));
    await ownRow.getByRole('link', { name: 'Why?' }).click();
    await expect(uploader).toHaveURL(new RegExp(`/decisions/${decisionId}$`));
    await expect(uploader.getByText(hideStatement)).toBeVisible();

    // The uploader contests the decision, once.
    const contestText = 'I recorded this reading myself from a book I own; it is not the publisher’s audiobook.';
    await uploader.getByRole('textbox', { name: 'Why is the decision wrong?' }).fill(contestText);
    await uploader.getByRole('button', { name: 'Contest this decision' }).click();
    await expect(uploader.getByText(en(MODERATION_MESSAGES.contestReceived))).toBeVisible();
    await expect(uploader.getByRole('button', { name: 'Contest this decision' })).toHaveCount(0); // once

    // The moderator sees the contest and restores the file with a statement.
    await moderator.goto('/moderation?tab=contests');
    const contest = moderator.getByTestId('contest-entry').filter({ hasText: title });
    await expect(contest).toBeVisible();
    await expect(contest.getByTestId('contest-explanation')).toContainText(contestText);
    await expect(moderator.getByRole('tab', { name: /Contests/ })).toContainText('1');
    await contest.getByRole('button', { name: 'Restore' }).click();
    await expect(moderator.getByRole('form', { name: 'Statement of reasons' }).getByRole('combobox', { name: 'Rule (section of the terms)' })).toHaveValue(
      '§9 Contesting a decision',
    );
    const restoreStatement = 'The uploader showed that the reading is their own recording, so it does not infringe the publisher’s copyright.';
    await giveReasons(moderator, restoreStatement, 'Restore');
    await expectToast(moderator, 'Restored');
    await expect(moderator.getByTestId('contests-empty')).toBeVisible();

    // Back for everyone.
    await listener.goto('/audio/discover');
    await expect(audioCard(listener, title)).toBeVisible();
    expect((await listener.request.get(file.fileUrl)).status()).toBe(200);
    await listener.goto('/audio/liked');
    await expect(audioCard(listener, title)).toBeVisible();

    // An admin reads the audit log: the hide (with the report's reference), the contest, the restore.
    const { page: admin, account: adminAccount } = await signedInPage(browser, baseURL, 'Ada', 'mod');
    await grantRole(adminAccount.email, 'admin');
    await admin.goto('/moderation?tab=log');
    const log = admin.getByTestId('audit-log');
    await expect(log).toBeVisible();
    const rowsOf = (action: string) =>
      log
        .getByTestId('log-row')
        .filter({ hasText: title })
        .and(admin.locator(`[data-action="${action}"]`));
    await expect(rowsOf('hide')).toHaveCount(1);
    await expect(rowsOf('hide')).toContainText(moderatorAccount.username);
    await expect(rowsOf('hide')).toContainText(reference);
    await expect(rowsOf('hide')).toContainText('§2 Copyright and licences');
    await expect(rowsOf('hide')).toContainText(hideStatement);
    await expect(rowsOf('contest')).toHaveCount(1);
    await expect(rowsOf('contest')).toContainText(contestText);
    await expect(rowsOf('restore')).toHaveCount(1);
    await expect(rowsOf('restore')).toContainText(restoreStatement);
    // Newest first: restore, then contest, then hide.
    const order = await log
      .getByTestId('log-row')
      .filter({ hasText: title })
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action')));
    expect(order).toEqual(['restore', 'contest', 'hide']);
    // The moderator's grant is in it too.
    await expect(log.getByTestId('log-row').filter({ hasText: moderatorAccount.username }).and(admin.locator('[data-action="grant_role"]'))).toHaveCount(1);
  });

  test('a bug report from the contact form -> a moderator marks it as handled with a statement -> it leaves the open queue and the sender is told', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const s = stamp();
    const senderEmail = `e2e-bug-${s}@example.com`;
    const sender = await browser.newContext({ baseURL });
    const sent = await sender.request.post('/api/reports', {
      data: { kind: 'bug', explanation: `The player stops after a minute (${s}).`, name: 'Bea Bug', email: senderEmail },
      headers: { origin: baseURL ?? '' },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    const { reference } = (await sent.json()) as { reference: string };
    await sender.close();

    const { page: moderator, account: moderatorAccount } = await signedInPage(browser, baseURL, 'Hana', 'mod');
    await grantRole(moderatorAccount.email, 'moderator');
    await moderator.goto('/moderation?kind=bug');
    const entry = moderator.getByRole('article', { name: reference });
    await expect(entry).toBeVisible();
    await expect(entry.getByRole('heading', { level: 3 })).toHaveText('Report a bug');
    await expect(entry.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);
    await entry.getByRole('button', { name: 'Mark as handled' }).click();
    const form = moderator.getByRole('form', { name: 'Statement of reasons' });
    await expect(form.getByText('Mark the message as handled')).toBeVisible();
    await expect(form.getByRole('combobox', { name: 'Reason' })).toHaveValue('Other');
    await expect(form.getByRole('combobox', { name: 'Rule (section of the terms)' })).toHaveValue('§8 Reports and moderation');
    const statement = 'Thank you: the player no longer stops; the fix is online.';
    await giveReasons(moderator, statement, 'Mark as handled');
    await expectToast(moderator, 'Marked as handled');
    await expect(entry).toHaveCount(0);

    const mail = await latestMailTo(MAIL_DIR, senderEmail, { subject: `Your message was handled (${reference})` });
    expect(mail.text).toContain(statement);
    await choose(moderator, moderator.locator('body'), 'State', 'Dismissed');
    await expect(entry).toBeVisible();
    await expect(entry.getByRole('button')).toHaveCount(0);
  });

  test('a moderator suspends a user for 7 days -> their session ends and signing in says why', async ({ browser, baseURL }) => {
    test.setTimeout(180_000);
    const s = stamp();
    const title = `E2E Cheap Followers ${s}`;
    const { page: spammer, account: spammerAccount } = await signedInPage(browser, baseURL, 'Sam', 'mod');
    const file = await publishAudio(spammer.request, baseURL, { title, tags: [`e2e-spam-${s}`], description: 'The complete audiobook, read aloud.' });

    // A signed-in user reports it as spam (the report form's REST shim).
    const { page: reporter, account: reporterAccount } = await signedInPage(browser, baseURL, 'Rita', 'mod');
    const reported = await reporter.request.post('/api/reports', {
      data: { kind: 'report', reason: 'spam', targetType: 'audio', targetId: String(file.id), explanation: 'An advert for followers, not audio for children.', goodFaith: true },
      headers: { origin: baseURL ?? '' },
    });
    expect(reported.status(), await reported.text()).toBe(201);
    const { reference } = (await reported.json()) as { reference: string };

    const { page: moderator, account: moderatorAccount } = await signedInPage(browser, baseURL, 'Milo', 'mod');
    await grantRole(moderatorAccount.email, 'moderator');
    await moderator.goto('/moderation?reason=spam');
    const entry = queueEntry(moderator, title);
    await expect(entry).toBeVisible();
    await entry.getByRole('button', { name: 'Suspend owner' }).click();
    const form = moderator.getByRole('form', { name: 'Statement of reasons' });
    await expect(form.getByRole('combobox', { name: 'Duration' })).toHaveValue('7 days');
    await expect(form.getByRole('combobox', { name: 'Rule (section of the terms)' })).toHaveValue('§5 Spam and misuse');
    await giveReasons(moderator, 'Uploaded an advert for buying followers instead of audio for children.', 'Suspend owner');
    await expectToast(moderator, 'User suspended');
    // The suspension settled the file's report: it leaves the open queue and shows under 'Actioned',
    // where the entry says the owner is suspended (and offers to lift it).
    await expect(entry).toHaveCount(0);
    await choose(moderator, moderator.locator('body'), 'State', 'Actioned');
    await expect(moderator).toHaveURL(/status=actioned/);
    await expect(entry).toBeVisible();
    await expect(entry.getByTestId('report-reference')).toHaveText(reference);
    await expect(entry.getByTestId('queue-report')).toContainText('Actioned');
    await expect(entry.getByTestId('suspended-badge')).toContainText('Suspended until');
    await expect(entry.getByRole('button', { name: 'Lift suspension' })).toBeVisible();
    await expect(entry.getByRole('button', { name: 'Suspend owner' })).toHaveCount(0);
    await expect(entry.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);
    // The reporter is told the outcome with their reference.
    const outcome = await latestMailTo(MAIL_DIR, reporterAccount.email, { subject: `The outcome of your report (${reference})` });
    expect(outcome.text).toContain(`suspended the account "${spammerAccount.username}" that shared it`);

    // The session is gone: the app shows the spammer signed out.
    await spammer.goto('/catalog');
    await expect(spammer.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
    const me = await spammer.request.get('/api/auth/me');
    expect(me.status() === 401 || (await me.json()) === null, await me.text()).toBe(true);

    // Signing in is refused with the suspension's message.
    await spammer.goto('/auth');
    const login = spammer.getByRole('form', { name: 'Login' });
    await login.getByRole('textbox', { name: 'Email' }).fill(spammerAccount.email);
    await login.getByRole('textbox', { name: 'Password' }).fill(spammerAccount.password);
    await login.getByRole('button', { name: 'Sign In' }).click();
    await expectToast(spammer, 'Login failed', /This account is suspended until .+\. We emailed you the reasons\./);
    await expect(spammer.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();

    // The spammer's file is gone for others while the suspension lasts.
    expect((await reporter.request.get(file.fileUrl)).status()).toBe(404);
    const mail = await latestMailTo(MAIL_DIR, spammerAccount.email, { subject: /Your TonieShelf account was suspended/ });
    expect(mail.text).toContain('Uploaded an advert for buying followers');
  });
});
