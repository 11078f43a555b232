// What a 'Report' action reports: the item, a label to show in the form, and where it is seen.
import type { ReportTargetType } from '@tonieshelf/shared/values/moderation';
import { setPath } from '@tonieshelf/shared/values/set';
import { audioContentPath, reviewContentPath, userContentPath } from '../../lib/links';
import { useReportTexts } from './report-texts';

export interface ReportTarget {
  type: ReportTargetType;
  id: string;
  /** What the reporter sees in the form: the title (of an audio file or set), 'Review by …', the user's name. */
  label: string;
  /** Where it is seen in the app (a path of this site). */
  url: string;
}

export function audioTarget(file: { id: number; title: string }): ReportTarget {
  return { type: 'audio', id: String(file.id), label: file.title, url: audioContentPath(file.id) };
}

export function reviewTarget(review: { id: number; tonieId: number }, reviewerName: string): ReportTarget {
  return { type: 'review', id: String(review.id), label: useReportTexts.get().reviewBy(reviewerName), url: reviewContentPath(review.tonieId, review.id) };
}

export function setTarget(set: { id: number; title: string }): ReportTarget {
  return { type: 'set', id: String(set.id), label: set.title, url: setPath(set.id) };
}

export function userTarget(userId: string, name: string): ReportTarget {
  return { type: 'user', id: userId, label: name, url: userContentPath(userId) };
}
