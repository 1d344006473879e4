# The app's only Java class (issue 50): the decor view's accessibility delegate and hover
# listener, handing TalkBack's questions to the native library (ui/src/platform/android_talkback.rs),
# which answers them with AccessKit's Android adapter. Modelled on accesskit_android 0.7's
# Delegate.java, written as smali so that Debian's smali assembles it without the Android SDK
# (scripts/android-apk.sh: smali a --api 24). Only API-24 calls: View.AccessibilityDelegate and
# getAccessibilityNodeProvider (16), View.OnHoverListener (14), MotionEvent getters (1).

.class public final Lapp/damazamma/a11y/AccessibilityDelegate;
.super Landroid/view/View$AccessibilityDelegate;
.implements Landroid/view/View$OnHoverListener;
.source "AccessibilityDelegate.smali"

# The adapter the native side keeps for this view.
.field private final handle:J

.method public constructor <init>(J)V
    .registers 3
    invoke-direct {p0}, Landroid/view/View$AccessibilityDelegate;-><init>()V
    iput-wide p1, p0, Lapp/damazamma/a11y/AccessibilityDelegate;->handle:J
    return-void
.end method

# The native side, registered by the library once it has loaded this class through the
# activity's class loader.
.method static native runCallback(Landroid/view/View;J)V
.end method

.method static native createAccessibilityNodeInfo(JLandroid/view/View;I)Landroid/view/accessibility/AccessibilityNodeInfo;
.end method

.method static native findFocus(JLandroid/view/View;I)Landroid/view/accessibility/AccessibilityNodeInfo;
.end method

.method static native performAction(JLandroid/view/View;IILandroid/os/Bundle;)Z
.end method

.method static native onHoverEvent(JLandroid/view/View;IFF)Z
.end method

# A Runnable that runs the native callback `handle` on the thread it is posted to (the UI
# thread, through View.post).
.method public static newCallback(Landroid/view/View;J)Ljava/lang/Runnable;
    .registers 4
    new-instance v0, Lapp/damazamma/a11y/AccessibilityDelegate$Callback;
    invoke-direct {v0, p0, p1, p2}, Lapp/damazamma/a11y/AccessibilityDelegate$Callback;-><init>(Landroid/view/View;J)V
    return-object v0
.end method

.method public getAccessibilityNodeProvider(Landroid/view/View;)Landroid/view/accessibility/AccessibilityNodeProvider;
    .registers 5
    new-instance v0, Lapp/damazamma/a11y/AccessibilityDelegate$Provider;
    iget-wide v1, p0, Lapp/damazamma/a11y/AccessibilityDelegate;->handle:J
    invoke-direct {v0, v1, v2, p1}, Lapp/damazamma/a11y/AccessibilityDelegate$Provider;-><init>(JLandroid/view/View;)V
    return-object v0
.end method

# Explore by touch: TalkBack's hover events, let through by the native input queue.
.method public onHover(Landroid/view/View;Landroid/view/MotionEvent;)Z
    .registers 9
    iget-wide v0, p0, Lapp/damazamma/a11y/AccessibilityDelegate;->handle:J
    move-object v2, p1
    invoke-virtual {p2}, Landroid/view/MotionEvent;->getAction()I
    move-result v3
    invoke-virtual {p2}, Landroid/view/MotionEvent;->getX()F
    move-result v4
    invoke-virtual {p2}, Landroid/view/MotionEvent;->getY()F
    move-result v5
    invoke-static/range {v0 .. v5}, Lapp/damazamma/a11y/AccessibilityDelegate;->onHoverEvent(JLandroid/view/View;IFF)Z
    move-result v0
    return v0
.end method
