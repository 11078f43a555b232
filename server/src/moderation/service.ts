// Moderation, the one entry point of the domain: routers, http/ and other services import this
// file only; the other files of this folder are its parts (decisions, reports, the queue, the log,
// roles, review tags, the site's operator details) and import each other.
// Moderation sits above the content domains: it reads items of every kind, while the account side
// of a suspension (the sign-in refusal, lifting one that is over) lives in accounts/suspensions.ts.
export { act, contest, getDecision, myDecisions, suspend, unsuspend, uphold } from './decisions';
export { getLog } from './log';
export { getQueue } from './queue';
export { createReport, REPORT_LIMITS } from './reports';
export { ADMIN_MESSAGES, findUsers, isRole, listStaff, setRole, setRoleByEmail } from './roles';
export { siteInfo } from './site';
export { approveTag, waitingTags } from './tags';
