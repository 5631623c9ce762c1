import { htmlToText, sanitizeRichText } from './sanitize-html';

describe('sanitizeRichText', () => {
  it('keeps formatting and safe links', () => {
    expect(sanitizeRichText('<p>Near <strong>BGC</strong>, <a href="https://maps.example.ph">map</a></p>')).toBe(
      '<p>Near <strong>BGC</strong>, <a href="https://maps.example.ph" rel="nofollow noopener noreferrer" target="_blank">map</a></p>',
    );
  });

  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<img src=x onerror="alert(1)"><p>ok</p>', '<p>ok</p>'],
    ['<p onclick="steal()">ok</p>', '<p>ok</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="nofollow noopener noreferrer" target="_blank">x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a rel="nofollow noopener noreferrer" target="_blank">x</a>'],
    ['<iframe src="https://evil.example"></iframe><p>ok</p>', '<p>ok</p>'],
    ['<p style="background:url(javascript:x)">ok</p>', '<p>ok</p>'],
  ])('removes %s', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });
});

describe('htmlToText', () => {
  it('drops every tag and collapses space', () => {
    expect(htmlToText('<p>Two <b>bedrooms</b></p>\n<p>near   Ayala</p>')).toBe('Two bedrooms near Ayala');
  });
});
