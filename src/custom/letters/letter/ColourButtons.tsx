// The editor's text colour and shade buttons. ra-input-rich-text's own ColorButtons draws its
// swatches as bare <div>s: no name for a screen reader, no way to reach them from the
// keyboard, 16 px under a finger, and its palette, placed absolutely, ran off a phone's
// screen. Here each swatch is a named button in a popover that stays on screen, the arrow
// keys move between them, Escape closes, and «بی‌رنگ» takes a colour off.
import { useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Popover from '@mui/material/Popover';
import ToggleButton, { type ToggleButtonProps } from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { blue, green, grey, orange, purple, red, yellow } from '@mui/material/colors';
import FontDownload from '@mui/icons-material/FontDownload';
import FormatColorText from '@mui/icons-material/FormatColorText';
import FormatColorReset from '@mui/icons-material/FormatColorReset';
import { useTranslate } from 'react-admin';
import { useTiptapEditor } from 'ra-input-rich-text';

/** The palette ra-input-rich-text offered, so letters written before read the same. */
const HUES = [
  { name: 'خاکستری', shades: grey },
  { name: 'قرمز', shades: red },
  { name: 'نارنجی', shades: orange },
  { name: 'زرد', shades: yellow },
  { name: 'سبز', shades: green },
  { name: 'آبی', shades: blue },
  { name: 'بنفش', shades: purple },
] as const;
const SHADES = [
  { shade: 900, name: 'خیلی تیره' },
  { shade: 700, name: 'تیره' },
  { shade: 500, name: '' },
  { shade: 300, name: 'روشن' },
  { shade: 100, name: 'خیلی روشن' },
] as const;

export interface Swatch {
  colour: string;
  label: string;
}
/** Row by row, darkest first: the palette's buttons in reading order. */
export const SWATCHES: Swatch[] = SHADES.flatMap(({ shade, name }) =>
  HUES.map((hue) => ({ colour: hue.shades[shade], label: name ? `${hue.name} ${name}` : hue.name })),
);
const COLUMNS = HUES.length;
export const NO_COLOUR = 'بی‌رنگ';

type Target = 'text' | 'shade';

/** The colour commands of the editor's Color and Highlight extensions; their typing comes
 *  with those packages, which this app does not import itself. */
interface ColourChain {
  setColor(colour: string): ColourChain;
  unsetColor(): ColourChain;
  setHighlight(attributes: { color: string }): ColourChain;
  unsetHighlight(): ColourChain;
  unsetBackgroundColor(): ColourChain;
  run(): boolean;
}

/** Where an arrow key moves in the grid, right to left: → is the previous swatch. */
function nextIndex(key: string, index: number, count: number): number | null {
  const step = { ArrowLeft: 1, ArrowRight: -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS }[key];
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  if (step === undefined) return null;
  const next = index + step;
  return next >= 0 && next < count ? next : index;
}

export function ColourButtons(props: Omit<ToggleButtonProps, 'value'>) {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  const [open, setOpen] = useState<{ target: Target; anchor: HTMLElement } | null>(null);
  const swatches = useRef<(HTMLButtonElement | null)[]>([]);
  const labels: Record<Target, string> = {
    text: translate('ra.tiptap.color'),
    shade: translate('ra.tiptap.highlight'),
  };
  const close = () => {
    setOpen(null);
    editor?.commands.focus(); // back to the text, its selection as it was
  };
  const apply = (colour: string | null) => {
    const chain = editor?.chain().focus() as unknown as ColourChain | undefined;
    if (!chain || !open) return;
    if (open.target === 'text') (colour ? chain.setColor(colour) : chain.unsetColor()).run();
    // A shade is the toolbar's <mark> or a pasted span's background-color: «بی‌رنگ» takes off both.
    else
      (colour ? chain.setHighlight({ color: colour }) : chain.unsetHighlight().unsetBackgroundColor()).run();
    setOpen(null);
  };
  const move = (event: KeyboardEvent, index: number) => {
    const next = nextIndex(event.key, index, SWATCHES.length + 1);
    if (next === null) return;
    event.preventDefault();
    swatches.current[next]?.focus();
  };
  const button = (target: Target, Icon: typeof FontDownload) => (
    <ToggleButton
      aria-label={labels[target]}
      title={labels[target]}
      aria-haspopup="true"
      aria-expanded={open?.target === target}
      {...props}
      value={target}
      selected={open?.target === target}
      disabled={!editor?.isEditable}
      onClick={(event) => setOpen({ target, anchor: event.currentTarget })}
    >
      <Icon fontSize="inherit" />
    </ToggleButton>
  );
  return (
    <>
      <ToggleButtonGroup size={props.size}>
        {button('text', FormatColorText)}
        {button('shade', FontDownload)}
      </ToggleButtonGroup>
      <Popover
        open={Boolean(open)}
        anchorEl={open?.anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'group', 'aria-label': open ? labels[open.target] : undefined } }}
      >
        <Box
          sx={{
            p: 1,
            display: 'grid',
            gridTemplateColumns: `repeat(${COLUMNS}, auto)`,
            gap: 0.75,
            '@media (pointer: coarse)': { gap: 0.5 },
          }}
        >
          {SWATCHES.map(({ colour, label }, index) => (
            <ButtonBase
              key={colour}
              ref={(element) => void (swatches.current[index] = element)}
              aria-label={label}
              title={label}
              autoFocus={index === 0}
              onClick={() => apply(colour)}
              onKeyDown={(event) => move(event, index)}
              sx={{
                width: 24,
                height: 24,
                borderRadius: 0.5,
                bgcolor: colour,
                border: 1,
                borderColor: 'divider',
                '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 1 },
                '@media (pointer: coarse)': { width: 40, height: 40 },
              }}
            />
          ))}
          <ButtonBase
            ref={(element) => void (swatches.current[SWATCHES.length] = element)}
            onClick={() => apply(null)}
            onKeyDown={(event) => move(event, SWATCHES.length)}
            sx={{
              gridColumn: '1 / -1',
              justifyContent: 'flex-start',
              gap: 0.5,
              px: 0.5,
              py: 0.5,
              borderRadius: 0.5,
              typography: 'body2',
              '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main' },
            }}
          >
            <FormatColorReset fontSize="small" />
            {NO_COLOUR}
          </ButtonBase>
        </Box>
      </Popover>
    </>
  );
}
