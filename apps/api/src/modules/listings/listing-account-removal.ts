import { Injectable, OnModuleInit } from '@nestjs/common';
import { AccountRemovalSteps } from '../users/account-removal-steps';
import { ListingsService } from './listings.service';

/** Registers the listings' part of an account removal: every listing removed with its event (ListingsService.removeAllOfOwner). */
@Injectable()
export class ListingAccountRemoval implements OnModuleInit {
  constructor(
    private readonly steps: AccountRemovalSteps,
    private readonly listings: ListingsService,
  ) {}

  onModuleInit(): void {
    this.steps.register('listings', (userId, actorId) => this.listings.removeAllOfOwner(userId, actorId));
  }
}
