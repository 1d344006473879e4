# Native work posted to the UI thread: installing the delegate, raising AccessKit's events.

.class final Lapp/damazamma/a11y/AccessibilityDelegate$Callback;
.super Ljava/lang/Object;
.implements Ljava/lang/Runnable;
.source "AccessibilityDelegate.smali"

.field private final host:Landroid/view/View;
.field private final handle:J

.method constructor <init>(Landroid/view/View;J)V
    .registers 4
    invoke-direct {p0}, Ljava/lang/Object;-><init>()V
    iput-object p1, p0, Lapp/damazamma/a11y/AccessibilityDelegate$Callback;->host:Landroid/view/View;
    iput-wide p2, p0, Lapp/damazamma/a11y/AccessibilityDelegate$Callback;->handle:J
    return-void
.end method

.method public run()V
    .registers 4
    iget-object v0, p0, Lapp/damazamma/a11y/AccessibilityDelegate$Callback;->host:Landroid/view/View;
    iget-wide v1, p0, Lapp/damazamma/a11y/AccessibilityDelegate$Callback;->handle:J
    invoke-static {v0, v1, v2}, Lapp/damazamma/a11y/AccessibilityDelegate;->runCallback(Landroid/view/View;J)V
    return-void
.end method
