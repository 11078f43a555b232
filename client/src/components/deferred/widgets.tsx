// The dropdown widgets' chunk (see widgets-loader.ts): loaded after the first render.
export { MultiSelect, Select, Tooltip } from '@mantine/core';
export { AudioMenu } from '../../app/audio-menu';
export { QuickSearch } from '../../app/quick-search';
export { TagFilterDropdown } from '../../features/catalogue/tag-filter-dropdown';
