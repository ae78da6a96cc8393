import type { MediaItem } from '../../contract';
import { formatDate } from '../../components/format';

const TYPE_NAMES: Record<MediaItem['type'], string> = {
  video: 'Video',
  image: 'Image',
  logo: 'Logo',
  'intro-video': 'Intro video',
  'outro-video': 'Outro video',
};

export const mediaTypeName = (type: MediaItem['type']) => TYPE_NAMES[type];

/** "Logo of 3 Mar 2025, 10:12": names an item for buttons and links (items have no title). */
export const mediaName = (item: MediaItem) =>
  `${TYPE_NAMES[item.type]} of ${formatDate(item.createdAt)}`;

export const mediaSize = (item: MediaItem) =>
  item.width && item.height ? `${item.width}×${item.height}` : '—';
