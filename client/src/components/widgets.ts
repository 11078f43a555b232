// Mantine's dropdown widgets for lazy-widgets.tsx: a chunk of their own, loaded after the first render.
export { MultiSelect, Select, Tooltip } from '@mantine/core';
