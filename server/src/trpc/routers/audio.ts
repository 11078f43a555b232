import { router } from '../trpc';

// Shared audio: filled by the audio sharing issue.
export const audioRouter = router({});
