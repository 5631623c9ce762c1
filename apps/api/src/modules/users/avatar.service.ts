import { BadRequestException, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { FileStorage } from '../../common/storage/storage.service';
import { decodeUpload, sniffImageFormat, STRICT_DECODE } from '../../common/upload/image-sniffer';
import type { UserDto } from './dto/user-output.dto';
import { UsersService } from './users.service';

const AVATAR_SIZE = 256;
const MEDIA_PREFIX = '/api/media/';

/** Checks an uploaded avatar by its bytes, stores a square WebP copy, and points the user at it. */
@Injectable()
export class AvatarService {
  constructor(
    private readonly users: UsersService,
    private readonly storage: FileStorage,
  ) {}

  async upload(userId: string, files: Express.Multer.File[] | undefined): Promise<UserDto> {
    const file = files?.[0];
    if (!file) throw new BadRequestException("Send the picture as multipart field 'image'");
    if (!(await sniffImageFormat(file.path))) {
      throw new BadRequestException('The file is not an image; upload a JPEG, PNG, WebP, GIF or AVIF picture');
    }
    const webp = await decodeUpload(
      () => sharp(file.path, STRICT_DECODE).rotate().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' }).webp({ quality: 82 }).toBuffer(),
      'The picture could not be read (the file is damaged or incomplete); upload a JPEG, PNG, WebP, GIF or AVIF picture that opens correctly',
    );
    const key = `avatars/${userId}/${randomBytes(8).toString('hex')}.webp`;
    await this.storage.put('public', key, webp);
    const { user, previous } = await this.users.setAvatar(userId, this.storage.publicUrl(key));
    if (previous?.startsWith(MEDIA_PREFIX)) {
      await this.storage.remove('public', previous.slice(MEDIA_PREFIX.length)).catch(() => undefined);
    }
    return user;
  }
}
