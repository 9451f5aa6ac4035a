// @vitest-environment jsdom
// A master-data list's text cells: a long text (a 200-character customer name, a 190-letter
// word) keeps to its column's width, wraps — a word longer than the width broken anywhere —
// and shows three lines, its whole text in the title; a short one has no title; a number
// (a phone) is never broken. The layout itself (no column pushed out of the card, nothing
// under the sticky «عملیات») was checked in Chromium at 1366×768, 1920×1080 and 390 px.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { CELL_MAX_WIDTH, FieldCell } from '../../src/resources/list/FieldCell';
import { company } from '../../src/schemas/organisation';
import { customer } from '../../src/schemas/customers';

afterEach(cleanup);

const words = 'شرکت بازرگانی و تولیدی صنایع غذایی پارس نوین ایرانیان با مسئولیت محدود ';
const LONG_NAME = words.repeat(4).slice(0, 200).trim();

describe('list cells', () => {
  it('clamps a long name to three lines within the column, its whole text in the title', () => {
    render(<FieldCell resource={customer} name="name" record={{ id: 1, name: LONG_NAME }} />);
    const cell = screen.getByText(LONG_NAME);
    expect(cell.getAttribute('title')).toBe(LONG_NAME);
    const style = getComputedStyle(cell);
    expect(style.overflow).toBe('hidden');
    expect(style.maxWidth).toBe(CELL_MAX_WIDTH);
    expect(style.getPropertyValue('overflow-wrap')).toBe('anywhere');
    expect(style.display).toBe('-webkit-box');
  });

  it('breaks a word longer than the column, and leaves a short text without a title', () => {
    const word = 'ب'.repeat(190);
    render(<FieldCell resource={customer} name="name" record={{ id: 2, name: word }} />);
    const cell = screen.getByText(word);
    expect(cell.getAttribute('title')).toBe(word);
    expect(getComputedStyle(cell).getPropertyValue('overflow-wrap')).toBe('anywhere');
    cleanup();
    render(<FieldCell resource={customer} name="name" record={{ id: 3, name: 'شهرداری تهران' }} />);
    expect(screen.getByText('شهرداری تهران').hasAttribute('title')).toBe(false);
  });

  it('keeps a number whole', () => {
    render(<FieldCell resource={company} name="phone" record={{ id: 4, phone: '02188776655' }} />);
    expect(getComputedStyle(screen.getByText('۰۲۱۸۸۷۷۶۶۵۵')).whiteSpace).toBe('nowrap');
  });
});
