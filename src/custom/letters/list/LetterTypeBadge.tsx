// The letter type as a coloured badge: blue internal, pink incoming, teal others (spec 1 §2).
import Chip from '@mui/material/Chip';
import { letterTypeColor, letterTypeInfo } from '../letterTypes';

export function LetterTypeBadge({ messageType, label }: { messageType: number; label?: string }) {
  const color = letterTypeColor(messageType);
  return (
    <Chip
      size="small"
      label={label || letterTypeInfo(messageType)?.label || '—'}
      data-testid="letter-type"
      data-color={color}
      sx={{ bgcolor: color, color: '#fff', fontWeight: 700, minWidth: 48 }}
    />
  );
}
