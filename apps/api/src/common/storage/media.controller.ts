import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../auth/decorators';
import { FileStorage } from './storage.service';
import { sendStream } from './send-stream';

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** Serves public media (avatars, listing photos). Private files never go through here. */
@ApiExcludeController()
@Controller('media')
export class MediaController {
  constructor(private readonly storage: FileStorage) {}

  @Public()
  @Get('*path')
  async getMedia(@Param('path') segments: string[] | string, @Res() res: Response): Promise<void> {
    const key = Array.isArray(segments) ? segments.join('/') : segments;
    const file = await this.storage.open('public', key);
    if (!file) throw new NotFoundException('File not found');
    const ext = key.split('.').pop()?.toLowerCase() ?? '';
    res.setHeader('Content-Type', CONTENT_TYPES[ext] ?? 'application/octet-stream');
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    sendStream(file.stream, res);
  }
}
