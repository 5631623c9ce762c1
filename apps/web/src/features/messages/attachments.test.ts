import { describe, expect, it } from 'vitest';
import {
  MAX_ATTACHMENT_BYTES,
  attachmentKindOf,
  buildMessageFormData,
  checkAttachments,
  formatBytes,
  validateAttachments,
} from './attachments';

function file(name: string, type: string, size = 10): File {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

describe('attachment checks', () => {
  it('knows images, videos and PDFs', () => {
    expect(attachmentKindOf(file('a.jpg', 'image/jpeg'))).toBe('image');
    expect(attachmentKindOf(file('a.mp4', 'video/mp4'))).toBe('video');
    expect(attachmentKindOf(file('a.pdf', 'application/pdf'))).toBe('pdf');
    expect(attachmentKindOf(file('a.pdf', ''))).toBe('pdf');
    expect(attachmentKindOf(file('a.zip', 'application/zip'))).toBeNull();
    expect(attachmentKindOf(file('a.txt', ''))).toBeNull();
  });

  it('refuses other types, files over 10 MB and more than 5 files, with a clear message', () => {
    const { accepted, problems } = checkAttachments(0, [
      file('plan.pdf', 'application/pdf'),
      file('notes.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
      file('huge.mp4', 'video/mp4', MAX_ATTACHMENT_BYTES + 1),
      file('ok.mp4', 'video/mp4', MAX_ATTACHMENT_BYTES),
    ]);
    expect(accepted.map((f) => f.name)).toEqual(['plan.pdf', 'ok.mp4']);
    expect(problems).toEqual(['notes.docx is not an image, video or PDF', 'huge.mp4 is larger than 10 MB']);

    const many = checkAttachments(3, [file('1.png', 'image/png'), file('2.png', 'image/png'), file('3.png', 'image/png')]);
    expect(many.accepted.map((f) => f.name)).toEqual(['1.png', '2.png']);
    expect(many.problems).toEqual(['You can attach at most 5 files to a message']);
  });

  it('validates a whole message before sending', () => {
    const a = { filename: 'a.png', size: 1, type: 'image' as const };
    expect(validateAttachments([a, a, a, a, a])).toBeNull();
    expect(validateAttachments([a, a, a, a, a, a])).toBe('You can attach at most 5 files to a message');
    expect(validateAttachments([{ ...a, size: MAX_ATTACHMENT_BYTES + 1 }])).toBe('a.png is larger than 10 MB');
  });

  it('formats sizes', () => {
    expect(formatBytes(500)).toBe('500 B');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});

describe('buildMessageFormData', () => {
  it('sends content, the files in repeated "attachments" and attachmentsJson in file order', () => {
    const a = file('front.jpg', 'image/jpeg');
    const b = file('plan.pdf', 'application/pdf');
    const form = buildMessageFormData('Photos attached', [
      { file: a, type: 'image' },
      { file: b, type: 'pdf' },
    ]);
    expect(form.get('content')).toBe('Photos attached');
    expect((form.getAll('attachments') as File[]).map((f) => f.name)).toEqual(['front.jpg', 'plan.pdf']);
    expect(JSON.parse(form.get('attachmentsJson') as string)).toEqual([
      { filename: 'front.jpg', type: 'image' },
      { filename: 'plan.pdf', type: 'pdf' },
    ]);
  });
});
