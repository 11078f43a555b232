// The set's chapters in order, each with its position, title, duration, a small waveform, its
// loudness and the hint when it is much quieter or louder than the rest. Reordered by drag and
// drop (dnd-kit: pointer and keyboard on the handle) and by the visible Move up / Move down
// buttons, which announce the new position (polite live region) and keep the focus in the row:
// when the chapter reaches the top or bottom, the focus goes to the row's other move button.
// Removed with the remove button, which says so and moves the focus to the remove button of the
// chapter that took its place (the one before it when it was the last).
import { useLayoutEffect, useRef, useState } from 'react';
import { ActionIcon, Badge, Box, Group, Paper, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { LazyTooltip } from '../../../components/lazy-widgets';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import type { Announcements, DragEndEvent, UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconTrash, IconVolume, IconVolume3 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { SetChapter } from '@tonieshelf/shared/schemas/set';
import { formatClock } from '@tonieshelf/shared/format';
import { useTRPC } from '../../../lib/trpc';
import classes from '../../../components/publishable/publishable.module.css';
import { useLoudnessLabel, Waveform } from '../../../components/publishable/waveform';
import { useWaveformTexts } from '../../../components/publishable/waveform-texts';
import { HiddenByModerators } from '../../../components/hidden-by-moderators';
import { useSetEditorTexts } from './set-editor-texts';
import { focusIfLost } from '../../../lib/focus-lost';

interface ChapterListProps {
  chapters: readonly SetChapter[];
  /** The chapter with this audio id moves by delta places (-1 up, +1 down). */
  onMove: (audioFileId: number, delta: number) => void;
  /** The chapter moves from one index to another (drag and drop). */
  onMoveTo: (from: number, to: number) => void;
  onRemove: (chapter: SetChapter) => void;
  disabled?: boolean;
}

function ChapterWaveform({ chapter }: { chapter: SetChapter }) {
  const trpc = useTRPC();
  const ready = chapter.analysis === 'ready';
  const peaks = useQuery({ ...trpc.audio.waveform.queryOptions({ id: chapter.audioFileId }), enabled: ready, staleTime: Infinity });
  // While the peaks load: the waveform's room, empty.
  if (ready && peaks.isPending) return <Skeleton height={28} animate={false} data-testid="waveform-loading" />;
  return (
    <Waveform
      analysis={ready ? (peaks.data?.analysis ?? 'none') : chapter.analysis}
      peaks={peaks.data?.peaks ?? []}
      duration={chapter.duration}
      title={chapter.title}
      height={28}
    />
  );
}

function ChapterRow({
  chapter,
  index,
  count,
  onMove,
  onRemove,
  disabled,
}: {
  chapter: SetChapter;
  index: number;
  count: number;
  onMove: (chapter: SetChapter, index: number, delta: number) => void;
  onRemove: (chapter: SetChapter, index: number) => void;
} & Pick<ChapterListProps, 'disabled'>) {
  const texts = useSetEditorTexts();
  const waveformTexts = useWaveformTexts();
  const loudness = useLoudnessLabel();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: chapter.audioFileId, disabled });
  const style = { transform: CSS.Translate.toString(transform), transition, zIndex: isDragging ? 2 : undefined, position: 'relative' as const };
  return (
    <Paper
      component="li"
      ref={setNodeRef}
      style={style}
      withBorder
      radius="md"
      p="xs"
      shadow={isDragging ? 'md' : undefined}
      data-testid="chapter-row"
      data-audio-id={chapter.audioFileId}
      aria-label={`${chapter.position}. ${chapter.title}`}
    >
      <Group gap="xs" wrap="nowrap" align="center">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          aria-label={texts.dragHandle(chapter.title)}
          style={{ cursor: disabled ? undefined : 'grab', touchAction: 'none', flex: 'none' }}
          data-testid="drag-handle"
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={18} aria-hidden />
        </ActionIcon>
        <Text fw={700} fz="sm" w={24} ta="right" style={{ flex: 'none' }} data-testid="chapter-position">
          {chapter.position}
        </Text>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="wrap" justify="space-between">
            <Text fz="sm" fw={600} className={classes.wrap} data-testid="chapter-title">
              {chapter.title}
            </Text>
            <Text fz="sm" c="dimmed" style={{ flex: 'none', fontVariantNumeric: 'tabular-nums' }} data-testid="chapter-duration">
              {formatClock(chapter.duration)}
            </Text>
          </Group>
          <Box my={4}>
            <ChapterWaveform chapter={chapter} />
          </Box>
          <Group gap={6} wrap="wrap">
            <Text fz="xs" c="dimmed" data-testid="chapter-loudness">
              {loudness(chapter)}
            </Text>
            {chapter.loudnessHint ? (
              <Badge
                size="sm"
                variant="light"
                color="orange"
                tt="none"
                leftSection={chapter.loudnessHint === 'quieter' ? <IconVolume3 size={12} aria-hidden /> : <IconVolume size={12} aria-hidden />}
                data-testid="loudness-hint"
              >
                {chapter.loudnessHint === 'quieter' ? waveformTexts.quieter : waveformTexts.louder}
              </Badge>
            ) : null}
            {chapter.hiddenByModerators ? (
              <HiddenByModerators decisionId={chapter.decisionId} size="sm" />
            ) : !chapter.available ? (
              <Badge size="sm" variant="light" color="gray" tt="none">
                {texts.unavailable}
              </Badge>
            ) : null}
          </Group>
        </Box>
        <Group gap={2} wrap="nowrap" style={{ flex: 'none' }}>
          <LazyTooltip label={texts.moveUp(chapter.title)} openDelay={400}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={texts.moveUp(chapter.title)}
              disabled={disabled || index === 0}
              data-move="up"
              onClick={() => onMove(chapter, index, -1)}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
          </LazyTooltip>
          <LazyTooltip label={texts.moveDown(chapter.title)} openDelay={400}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={texts.moveDown(chapter.title)}
              disabled={disabled || index === count - 1}
              data-move="down"
              onClick={() => onMove(chapter, index, 1)}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
          </LazyTooltip>
          <LazyTooltip label={texts.remove(chapter.title)} openDelay={400}>
            <ActionIcon variant="subtle" color="red" aria-label={texts.remove(chapter.title)} disabled={disabled} data-remove onClick={() => onRemove(chapter, index)}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </LazyTooltip>
        </Group>
      </Group>
    </Paper>
  );
}

export function ChapterList({ chapters, onMove, onMoveTo, onRemove, disabled }: ChapterListProps) {
  const texts = useSetEditorTexts();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const ids = chapters.map((c) => c.audioFileId);
  const titleOf = (id: UniqueIdentifier) => chapters.find((c) => c.audioFileId === id)?.title ?? String(id);
  const positionOf = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(Number(id)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => texts.dndPickedUp(titleOf(active.id)),
    onDragOver: ({ active, over }) => (over ? texts.dndOver(titleOf(active.id), positionOf(over.id)) : undefined),
    onDragEnd: ({ active, over }) => (over ? texts.dndDropped(titleOf(active.id), positionOf(over.id)) : undefined),
    onDragCancel: ({ active }) => texts.dndCancelled(titleOf(active.id)),
  };
  const listRef = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState('');
  /** After Move up / Move down: the chapter, where it goes and the button pressed. */
  const focusAfter = useRef<{ audioFileId: number; index: number; delta: number } | null>(null);
  const move = (chapter: SetChapter, index: number, delta: number) => {
    setAnnouncement(texts.moved(chapter.title, index + delta + 1));
    focusAfter.current = { audioFileId: chapter.audioFileId, index: index + delta, delta };
    onMove(chapter.audioFileId, delta);
  };
  // Once the chapter shows at its new place: the focus stays on the pressed button, or goes to the
  // other move button when the pressed one is now disabled (top or bottom).
  useLayoutEffect(() => {
    const request = focusAfter.current;
    if (!request || ids[request.index] !== request.audioFileId) return;
    focusAfter.current = null;
    const row = listRef.current?.querySelector(`[data-audio-id="${request.audioFileId}"]`);
    const pressed = row?.querySelector<HTMLButtonElement>(`[data-move="${request.delta < 0 ? 'up' : 'down'}"]`);
    const other = row?.querySelector<HTMLButtonElement>(`[data-move="${request.delta < 0 ? 'down' : 'up'}"]`);
    const target = pressed && !pressed.disabled ? pressed : other;
    if (target && !target.disabled && document.activeElement !== target) target.focus();
  });
  /** After a removal: the chapter removed and its place. */
  const focusAfterRemoval = useRef<{ audioFileId: number; index: number } | null>(null);
  const remove = (chapter: SetChapter, index: number) => {
    setAnnouncement(texts.removed(chapter.title));
    focusAfterRemoval.current = { audioFileId: chapter.audioFileId, index };
    onRemove(chapter);
  };
  // Once the chapter is gone: focus on the remove button now in its place (else the one before).
  useLayoutEffect(() => {
    const removal = focusAfterRemoval.current;
    if (!removal || ids.includes(removal.audioFileId)) return;
    focusAfterRemoval.current = null;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('[data-remove]') ?? [];
    focusIfLost(buttons[Math.min(removal.index, buttons.length - 1)]);
  });
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(Number(active.id));
    const to = ids.indexOf(Number(over.id));
    if (from >= 0 && to >= 0) onMoveTo(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: texts.dndInstructions } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Stack ref={listRef} component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={texts.chapterList} data-testid="chapter-list">
          {chapters.map((chapter, index) => (
            <ChapterRow key={chapter.audioFileId} chapter={chapter} index={index} count={chapters.length} onMove={move} onRemove={remove} disabled={disabled} />
          ))}
        </Stack>
      </SortableContext>
      <VisuallyHidden role="status" aria-live="polite" data-testid="move-announcement">
        {announcement}
      </VisuallyHidden>
    </DndContext>
  );
}
