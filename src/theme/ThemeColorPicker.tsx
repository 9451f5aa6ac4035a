// The dashboard's theme colour picker: 30 circles, the current one ticked. Choosing one
// recolours the whole app at once and saves it for this user on the server. One stop of
// the Tab key (the current colour): the arrow keys go from colour to colour, Enter or
// Space chooses — thirty Tab stops stood between the keyboard and the rest of the page,
// and choosing with every arrow press would save a colour at each.
import { useRef, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Tooltip from '@mui/material/Tooltip';
import CheckIcon from '@mui/icons-material/Check';
import { useThemeColor } from './index';
import { SWATCHES, sameColor, type Swatch } from './swatches';

/** The arrow keys' steps, right to left: the left arrow goes on to the next colour. */
const STEPS: Record<string, number> = { ArrowLeft: 1, ArrowDown: 1, ArrowRight: -1, ArrowUp: -1 };

export function ThemeColorPicker() {
  const [current, setColor] = useThemeColor();
  const circles = useRef<Array<HTMLButtonElement | null>>([]);
  const currentIndex = Math.max(
    SWATCHES.findIndex((swatch) => sameColor(swatch.color, current)),
    0,
  );
  const move = (event: KeyboardEvent) => {
    const step = STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const at = circles.current.findIndex((circle) => circle === document.activeElement);
    const next = (Math.max(at, 0) + step + SWATCHES.length) % SWATCHES.length;
    circles.current[next]?.focus();
  };
  return (
    <Box
      role="radiogroup"
      aria-label="رنگ پوسته"
      onKeyDown={move}
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(36px, 1fr))',
        gap: 1,
        justifyItems: 'center',
      }}
    >
      {SWATCHES.map((swatch, index) => (
        <SwatchCircle
          key={swatch.color}
          ref={(circle) => {
            circles.current[index] = circle;
          }}
          swatch={swatch}
          selected={sameColor(swatch.color, current)}
          tabStop={index === currentIndex}
          onPick={() => void setColor(swatch.color)}
        />
      ))}
    </Box>
  );
}

function SwatchCircle({
  ref,
  swatch,
  selected,
  tabStop,
  onPick,
}: {
  ref: (circle: HTMLButtonElement | null) => void;
  swatch: Swatch;
  selected: boolean;
  tabStop: boolean;
  onPick: () => void;
}) {
  return (
    <Tooltip title={swatch.name}>
      <ButtonBase
        ref={ref}
        role="radio"
        aria-checked={selected}
        aria-label={swatch.name}
        tabIndex={tabStop ? 0 : -1}
        onClick={onPick}
        sx={{
          width: 32,
          height: 32,
          borderRadius: '50%',
          bgcolor: swatch.color,
          color: '#fff',
          boxShadow: selected ? `0 0 0 3px #fff, 0 0 0 5px ${swatch.color}` : 1,
          transition: 'transform 120ms',
          '&:hover, &.Mui-focusVisible': { transform: 'scale(1.12)' },
          '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'text.primary', outlineOffset: 3 },
        }}
      >
        {selected && <CheckIcon fontSize="small" />}
      </ButtonBase>
    </Tooltip>
  );
}
