CREATE INDEX "listing_documents_uploaded_by_idx" ON "listing_documents" USING btree ("uploaded_by_id");--> statement-breakpoint
CREATE INDEX "listing_reviews_user_idx" ON "listing_reviews" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "listings_uploaded_by_idx" ON "listings" USING btree ("uploaded_by_id");--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "saved_items_listing_idx" ON "saved_items" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "threads_user_high_idx" ON "threads" USING btree ("user_high_id");--> statement-breakpoint
CREATE INDEX "threads_created_by_idx" ON "threads" USING btree ("created_by_id");