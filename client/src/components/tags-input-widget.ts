// Mantine's TagsInput for lazy-tags-input.tsx: a chunk of its own, loaded after the first render.
export { TagsInput } from '@mantine/core';
